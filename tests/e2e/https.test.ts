import { request as http1Request } from 'node:https';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '../../runtime/consent';
import { useBrowser } from '../support/browser';
import { startSiteServer, type RunningServer } from '../support/site-server';
import { storedRows } from '../support/store-rows';
import { selfSignedCertificate } from '../support/tls';

/**
 * Issue 35, goal 2: the server on HTTPS (TLS_CERT, TLS_KEY) speaks HTTP/2 to browsers, so a phone's
 * requests share one connection instead of queueing on six, and HTTP/1.1 to clients without it. The
 * site as a visitor gets it there: every response over h2, HSTS, a first tap answered, a form sent and
 * stored (the cross-site check reads HTTP/2's :authority as HTTP/1.1's Host), the donate checkout from
 * the provider sandbox. A server of its own, started as an operator would, with a fresh certificate.
 */
const { visit } = useBrowser();
let server: RunningServer;

beforeAll(async () => {
  const { cert, key } = selfSignedCertificate();
  server = await startSiteServer({ env: { TLS_CERT: cert, TLS_KEY: key } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, ignoreHTTPSErrors: true };

async function visitor(path: string) {
  const visited = await visit('about:blank', PHONE);
  await visited.context.addCookies([{ name: CONSENT_COOKIE, value: 'refused', url: server.url, sameSite: 'Strict' }]);
  const response = await visited.page.goto(`${server.url}${path}`);
  return { ...visited, response };
}

/** Each response's protocol as the browser tells it (Resource Timing's nextHopProtocol), by path. */
const protocols = (page: Page) =>
  page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => [new URL(entry.name).pathname, (entry as PerformanceResourceTiming).nextHopProtocol]),
  );

describe('the site over HTTPS with HTTP/2 (TLS_CERT, TLS_KEY)', () => {
  it('a phone visitor gets /gallery/ and every script and image over h2 with HSTS; the first tap on the carousel answers; the newsletter is sent and stored', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const { page, response, errors } = await visitor('/gallery/');
    expect(response?.headers()['strict-transport-security']).toBe('max-age=31536000');
    // The timeline's first tap, as the page's first input: its behaviour arrives over h2 and moves it by one.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const shown = () => timeline.getByRole('group').evaluateAll((items) => items.map((item) => item.querySelector('h3')?.textContent));
    await timeline.getByRole('button', { name: 'Next' }).tap();
    await expect.poll(shown, { timeout: 15_000 }).toEqual(['2004']);
    expect(await page.locator('[data-widget="carousel"]').getAttribute('data-island')).toBe('answering');

    const form = page.locator('#newsletter-form');
    const address = `https-${Date.now()}@example.org`;
    await form.getByLabel('Your e-mail').tap();
    await page.keyboard.type(address);
    await form.getByRole('button', { name: 'Subscribe' }).tap();
    await expect.poll(() => page.locator('.site-footer .ajax-form__answer').textContent(), { timeout: 15_000 }).toContain(`we sent a mail to ${address}`);
    expect(await storedRows(server, 'SELECT email FROM newsletter_subscriber WHERE email = ?', [address])).toEqual([{ email: address }]);

    const seen = await protocols(page);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter(([, protocol]) => protocol !== 'h2')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the in-page donate checkout opens over the page with the provider sandbox\'s frame loaded', async () => {
    const { page, errors } = await visitor('/donate/');
    await page.getByRole('link', { name: 'Donate by card on this page' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Donation checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => dialog.locator('iframe[title="Secure donation checkout"]').getAttribute('data-stage'), { timeout: 15_000 }).toBe('shown');
    expect(errors).toEqual([]);
  });

  it('a client without HTTP/2 (no ALPN, as Node\'s https) is answered over HTTP/1.1 on the same port', async () => {
    const answer = await new Promise<{ status: number; protocol: string }>((resolve, reject) => {
      const request = http1Request(`${server.url}/contact/`, { rejectUnauthorized: false }, (reply) => {
        reply.resume();
        resolve({ status: reply.statusCode ?? 0, protocol: `HTTP/${reply.httpVersion}` });
      });
      request.on('error', reject);
      request.end();
    });
    expect(answer).toEqual({ status: 200, protocol: 'HTTP/1.1' });
  });
});
