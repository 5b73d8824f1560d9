import { describe, expect, it } from 'vitest';
import { refusalMessage } from '../../server/security/cross-site';
import { useBrowser } from '../support/browser';

const { visit, baseURL } = useBrowser();

/** A page on another site, served by Playwright's routing at an address no test can reach for real. */
const FOREIGN = 'http://foreign.test';

/**
 * Issue 17 in Chromium: the CSP refuses what it must, and reports it to the listener every e2e test
 * runs with (tests/support/browser.ts), so "no violation" elsewhere means the policy was on.
 */
describe('security in the browser (issue 17)', () => {
  it('an inline script slipped into a page is refused, and the refusal is reported', async () => {
    const { page, violations } = await visit('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true;';
      document.head.append(script);
    });
    await expect.poll(() => violations.length).toBe(1);
    expect(violations[0]).toMatch(/script-src-elem blocked inline/);
    expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan ?? false)).toBe(false);
    violations.splice(0);
  });

  it('another site cannot frame the donate page', async () => {
    const { page, context } = await visit('/language/');
    await context.route(`${FOREIGN}/frame`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Foreign</title><iframe title="framed" src="${baseURL()}/donate/"></iframe>` }),
    );
    await page.goto(`${FOREIGN}/frame`);
    // frame-ancestors 'self': Chromium puts its own error page in the frame instead of the site's.
    const framed = () => page.frames().find((frame) => frame !== page.mainFrame())?.url();
    await expect.poll(framed).toBe('chrome-error://chromewebdata/');
    // The site's own pages may still frame it ('self').
    await page.goto('/language/');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.title = 'own';
      frame.src = '/donate/';
      document.body.append(frame);
    });
    await expect.poll(() => page.frameLocator('iframe[title="own"]').locator('h1').count()).toBe(1);
  });

  it('a form on another site that posts to the newsletter is answered 403 with the clear message', async () => {
    const { page, context } = await visit('/language/');
    await context.route(`${FOREIGN}/form`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a prize</title><form method="post" action="${baseURL()}/forms/newsletter"><input name="email" value="victim@example.org"><button>Claim</button></form>`,
      }),
    );
    await page.goto(`${FOREIGN}/form`);
    const [answer] = await Promise.all([page.waitForResponse(`${baseURL()}/forms/newsletter`), page.getByRole('button', { name: 'Claim' }).click()]);
    expect(answer.status()).toBe(403);
    await page.waitForURL(`${baseURL()}/forms/newsletter`);
    expect(await page.locator('body').textContent()).toBe(refusalMessage(FOREIGN));
  });
});
