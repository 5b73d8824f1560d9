import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '../../runtime/consent';
import { testBrowser } from '../support/browser';
import { ROOT, startSiteServer, type RunningServer } from '../support/site-server';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { join } from 'node:path';

/**
 * Issue 33: the newsletter's double opt-in as a visitor meets it, in Chromium with JavaScript off
 * (the pages are plain forms in the site's shell): sign up in the footer, open the mailed link,
 * press Confirm, then leave through the mail's unsubscribe link. A server of its own, on the built
 * site, so its mails reach a local SMTP server the test reads. (axe runs inside the page, so it is
 * not run here: the same shell is checked with JS on by the other e2e files.)
 */
const SITE = 'https://charity.example';
let sink: SmtpSink;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startSiteServer({ env: { STATIC_DIR: join(ROOT, 'dist/client'), SMTP_URL: sink.url, MAIL_POLL_MS: '200', SITE_URL: SITE } });
  browser = await testBrowser();
  context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  context.setDefaultTimeout(15_000);
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'refused', url: server.url, sameSite: 'Strict' }]);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sink?.close();
});

/** The link of `path` in the newest mail, as a path on the server under test. */
async function linkFromMail(count: number, path: string): Promise<string> {
  await expect.poll(() => sink.received.length, { timeout: 15_000 }).toBe(count);
  const text = sink.received[count - 1]?.text ?? '';
  const link = new RegExp(`${SITE}(${path}\\?t=[\\w.%-]+)`).exec(text)?.[1];
  if (!link) throw new Error(`no ${path} link in ${text}`);
  return link;
}

describe('newsletter double opt-in in the browser, JavaScript off (issue 33)', { timeout: 90_000 }, () => {
  it('sign up, confirm with the button on the confirm page, unsubscribe from the mail’s link', async () => {
    const page = await context.newPage();
    await page.goto('/');
    const form = page.locator('#newsletter-form');
    await form.getByLabel('Your e-mail').fill('browser-parent@example.org');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.locator('.av-form-success-container').textContent()).toContain('we sent a mail to browser-parent@example.org');

    await page.goto(await linkFromMail(1, '/newsletter/confirm/'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm your newsletter sign-up');
    // The site's shell around it: its header navigation and footer.
    expect(await page.locator('header nav').first().isVisible()).toBe(true);
    const confirm = page.getByRole('button', { name: 'Confirm my subscription' });
    expect(await confirm.isVisible()).toBe(true);
    const box = await confirm.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 10_000) + (box?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.height ?? 720);
    await confirm.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are subscribed');
    expect(await page.getByText('browser-parent@example.org will receive').isVisible()).toBe(true);

    await page.goto(await linkFromMail(2, '/newsletter/unsubscribe/'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Leave the newsletter');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are unsubscribed');

    // An edited link: a clear page, not an error.
    const answer = await page.goto('/newsletter/confirm/?t=c.0123.1.forged');
    expect(answer?.status()).toBe(400);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link is not valid');
  });
});
