import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSharedPages } from '../support/shared-pages';

/**
 * Issue 31, laptop and desktop (items 6-8): what a visitor at 1024 to 1920 px meets in the header
 * and with "Back to top", measured from what shows (bounding boxes, scroll positions), with the
 * page's real clock.
 */
/**
 * Issue 48: every test loads its documents in one shared page (only the viewport differs, and it is
 * the page's), not a context of its own.
 */
const shared = useSharedPages();

/** Opens `path` in the shared page; a generous load timeout, as the test machine is shared. */
function open(path: string, options: BrowserContextOptions) {
  return shared.visit(path, { ...options, timeout: 30_000 });
}

const WIDTHS = [1024, 1280, 1440, 1680, 1920] as const;

/** The search button's box, the page's scroll width and the window's width. */
const searchButtonBox = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.search-toggle')?.getBoundingClientRect();
    return {
      left: Math.floor(box?.left ?? -1),
      right: Math.ceil(box?.right ?? -1),
      width: Math.round(box?.width ?? 0),
      height: Math.round(box?.height ?? 0),
      scrollWidth: document.documentElement.scrollWidth,
      windowWidth: document.documentElement.clientWidth,
    };
  });

describe('the header at laptop and desktop widths (issue 31.6, 31.7)', () => {
  it.each(WIDTHS)(
    '%i px, on / and /ar/: the search button is inside the window, round and not squeezed; no sideways scroll, at the top and scrolled',
    { timeout: 60_000 },
    async (width) => {
      const { page } = await open('/', { viewport: { width, height: 800 } });
      // Issue 49.4: on /ar/ the search button speaks Arabic (tests/e2e/search.test.ts has the whole panel).
      for (const [path, name] of [['/', 'Search'], ['/ar/', 'ابحث']] as const) {
        if (path !== '/') await page.goto(path, { timeout: 30_000 });
        await page.waitForFunction(() => document.querySelector('[data-sticky-header]')?.getAttribute('data-header') === 'top');
        const button = page.getByRole('button', { name, exact: true });
        expect(await button.isVisible()).toBe(true);
        const top = await searchButtonBox(page);
        expect(top.left, `${width} ${path}`).toBeGreaterThanOrEqual(0);
        expect(top.right, `${width} ${path}`).toBeLessThanOrEqual(top.windowWidth);
        // Issue 19: a 44 px target in the full header, a circle (it was squeezed to a 24 x 44 oval).
        expect([top.width, top.height]).toEqual([44, 44]);
        expect(top.scrollWidth).toBe(top.windowWidth);
        // The shrunk header keeps it round and inside the window too.
        await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
        await page.waitForFunction(() => document.querySelector('[data-sticky-header]')?.getAttribute('data-header') === 'solid');
        await expect
          .poll(async () => {
            const shrunk = await searchButtonBox(page);
            return shrunk.left >= 0 && shrunk.right <= shrunk.windowWidth && shrunk.width === shrunk.height && shrunk.width >= 36;
          })
          .toBe(true);
        // What is at the button's centre is the button: nothing covers it.
        const hit = await button.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        });
        expect(hit).toBe(true);
      }
    },
  );

  it('at 1280, 1440 and 1920 px the logo lines up with the page content and the footer', { timeout: 60_000 }, async () => {
    const { page } = await open('/', { viewport: { width: 1280, height: 800 } });
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      const lefts = await page.evaluate(() => {
        const left = (selector: string) => Math.round(document.querySelector(selector)?.getBoundingClientRect().left ?? -1);
        return { logo: left('.brand__logo'), heading: left('main h1'), footer: left('.site-footer__inner > section') };
      });
      expect([width, lefts.logo]).toEqual([width, lefts.heading]);
      expect([width, lefts.logo]).toEqual([width, lefts.footer]);
    }
  });
});

describe('Back to top (issue 31.8)', () => {
  it.each([1280, 1440])('%i px: from far down the page it scrolls all the way to the top, with the real clock', { timeout: 60_000 }, async (width) => {
    const { page } = await open('/about/', { viewport: { width, height: 800 } });
    await page.waitForFunction(() => window.sitecharts !== undefined);
    const far = await page.evaluate(() => Math.min(2700, document.documentElement.scrollHeight - window.innerHeight - 200));
    expect(far).toBeGreaterThan(1500);
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), far);
    const backToTop = page.getByRole('link', { name: 'Back to top' });
    await expect.poll(() => backToTop.getAttribute('data-state')).toBe('shown');
    await backToTop.click();
    // §9: a 1200 ms scroll; it used to stop halfway and stay there.
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 4_000 }).toBe(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(0);
    expect(await page.locator('[data-sticky-header]').getAttribute('data-header')).toBe('top');
  });
});
