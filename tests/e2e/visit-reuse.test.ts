import { describe, expect, it } from 'vitest';
import { pauseClock, useBrowser } from '../support/browser';
import { timesUsed } from '../support/visit-pool';

const { visit } = useBrowser();

/**
 * Issue 48: a visit in a context an earlier test used (tests/support/visit-pool.ts) starts as a
 * visit in a new one would. The first test leaves behind everything a visitor's session can hold; the
 * second, in the same context, finds none of it. The tests run in this order, one after the other.
 */
describe('a reused browser context starts clean', () => {
  it('a visit leaves cookies, storage, a fake clock, a resized viewport, history, a hover and a listener behind', async () => {
    const { page, context } = await visit('/about/');
    await pauseClock(page, Date.UTC(2001, 0, 1));
    await page.goto('/about/');
    await context.addCookies([{ name: 'left', value: 'behind', url: page.url() }]);
    await page.evaluate(async () => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
      history.pushState({}, '', '#pushed');
      await new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('left-behind');
        opening.onupgradeneeded = () => opening.result.createObjectStore('things');
        opening.onsuccess = () => {
          opening.result.close();
          resolve();
        };
        opening.onerror = () => reject(opening.error);
      });
    });
    expect(await page.evaluate(() => new Date().getUTCFullYear())).toBe(2001);
    await page.setViewportSize({ width: 500, height: 600 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('header a').first().hover();
    page.on('console', () => {
      throw new Error('the last test\'s listener heard the next test\'s page');
    });
  });

  it('the next visit, in the same context, finds none of it', async () => {
    const { page, context, errors } = await visit('/about/');
    expect(timesUsed(context), 'the visit reused the last test\'s context').toBeGreaterThan(1);
    const seen = await page.evaluate(async () => ({
      year: new Date().getUTCFullYear(),
      cookies: document.cookie,
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).map((database) => database.name),
      history: history.length,
      // The link the last test hovered (a new page's pointer rests at 0, 0, where the header is).
      linksHovered: document.querySelectorAll('a:hover').length,
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      width: innerWidth,
    }));
    expect(seen).toEqual({
      year: new Date().getUTCFullYear(),
      // Only the answered cookie banner, as every visit has it.
      cookies: expect.not.stringContaining('left=behind') as unknown as string,
      local: 0,
      session: 0,
      databases: [],
      // about:blank, then this page.
      history: expect.any(Number) as unknown as number,
      linksHovered: 0,
      dark: false,
      width: 1280,
    });
    expect(seen.history).toBeLessThanOrEqual(2);
    await page.evaluate(() => console.log('heard only by this test'));
    expect(errors).toEqual([]);
  });

  it('a context a test changed beyond a reset (a route) is closed, and the next visit has a new one', async () => {
    const { page, context } = await visit('/about/');
    await context.route('**/robots.txt', (route) => route.fulfill({ body: 'routed' }));
    await page.goto('/robots.txt');
    expect(await page.textContent('body')).toBe('routed');
  });

  it('after it, a new context that routes nothing', async () => {
    const { page, context } = await visit('/robots.txt');
    expect(timesUsed(context)).toBe(1);
    expect(await page.textContent('body')).not.toBe('routed');
  });
});
