import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pages } from '../../demo/site-pages';
import { expectNoAxeViolations, useBrowser } from '../support/browser';

/**
 * Issue 31.9, dark mode (prefers-color-scheme: dark): axe on every page as in light mode, and the
 * contrasts axe does not judge (WCAG 1.4.11: slide dots, progress bars; the current dot told apart)
 * computed from the computed styles of what shows.
 */
const { visit } = useBrowser();

const DARK: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, colorScheme: 'dark', reducedMotion: 'reduce' };

/** Opens `path` in a fresh dark context; a generous load timeout, as the test machine is shared. */
async function open(path: string) {
  const visited = await visit('about:blank', DARK);
  await visited.page.goto(path, { timeout: 30_000 });
  await visited.page.waitForFunction(() => window.sitecharts !== undefined);
  return visited;
}

/**
 * Contrast ratios (WCAG 2 relative luminance) between computed colours, run in the page: `pairs`
 * names, per check, a selector, the property of its colour and what it is seen against (a
 * selector and property, or 'backdrop': the first opaque background behind the element).
 */
type Pair = { name: string; selector: string; property: string; against: { selector: string; property: string } | 'backdrop' };
const contrasts = (page: Page, pairs: Pair[]) =>
  page.evaluate((checks) => {
    // Computed colours come as rgb()/rgba() (0-255) or, from color-mix(), as color(srgb r g b) (0-1).
    const rgb = (value: string) => {
      const numbers = (value.match(/[\d.]+/g) ?? []).map(Number);
      return value.startsWith('color(srgb') ? numbers.map((n, i) => (i < 3 ? n * 255 : n)) : numbers;
    };
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round((((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)) * 100) / 100;
    };
    const backdrop = (element: Element) => {
      for (let at: Element | null = element.parentElement; at; at = at.parentElement) {
        const colour = rgb(getComputedStyle(at).backgroundColor);
        if (colour.length === 3 || (colour[3] ?? 0) === 1) return colour.slice(0, 3);
      }
      return rgb(getComputedStyle(document.body).backgroundColor).slice(0, 3);
    };
    return Object.fromEntries(
      checks.map((check) => {
        const element = document.querySelector(check.selector);
        if (!element) return [check.name, -1];
        const own = rgb(getComputedStyle(element).getPropertyValue(check.property)).slice(0, 3);
        const against =
          check.against === 'backdrop'
            ? backdrop(element)
            : rgb(getComputedStyle(document.querySelector(check.against.selector) ?? document.body).getPropertyValue(check.against.property)).slice(0, 3);
        return [check.name, ratio(own, against)];
      }),
    );
  }, pairs);

describe('dark mode: axe on every page (issue 31.9)', () => {
  it.each(pages.map((p) => p.path))('%s passes axe in dark mode', { timeout: 90_000 }, async (path) => {
    const { page, context } = await open(path);
    await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
    await page.evaluate(() => window.sitecharts?.islands.settled());
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('dark mode: the contrasts axe does not judge (issue 31.9)', () => {
  it('the selected tab section title on /services/ and /ar/ reads at 4.5:1 or more', { timeout: 60_000 }, async () => {
    for (const path of ['/services/', '/ar/']) {
      const { page, context } = await open(path);
      await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
      const found = await contrasts(page, [
        { name: 'selected title', selector: '.sc-tab-section__tab[aria-selected="true"]', property: 'color', against: 'backdrop' },
      ]);
      expect([path, (found['selected title'] ?? 0) >= 4.5], `${path}: ${JSON.stringify(found)}`).toEqual([path, true]);
      await context.close();
    }
  });

  it('/gallery/: the timeline years and the main caption read at 4.5:1, the slide dots at 3:1 and the current one stands apart', { timeout: 60_000 }, async () => {
    const { page, context } = await open('/gallery/');
    await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
    await page.evaluate(() => window.sitecharts?.islands.settled());
    const found = await contrasts(page, [
      { name: 'timeline year', selector: '.carousel__item h3', property: 'color', against: 'backdrop' },
      { name: 'caption', selector: '.image-gallery__preview figcaption', property: 'color', against: 'backdrop' },
      { name: 'dot ring', selector: '.slideshow__dot:not([aria-current="true"])', property: 'border-top-color', against: 'backdrop' },
      { name: 'current dot fill', selector: '.slideshow__dot[aria-current="true"]', property: 'background-color', against: 'backdrop' },
    ]);
    expect(found['timeline year'], JSON.stringify(found)).toBeGreaterThanOrEqual(4.5);
    expect(found.caption, JSON.stringify(found)).toBeGreaterThanOrEqual(4.5);
    expect(found['dot ring'], JSON.stringify(found)).toBeGreaterThanOrEqual(3);
    expect(found['current dot fill'], JSON.stringify(found)).toBeGreaterThanOrEqual(3);
    // The current dot is filled, the others are not.
    const fills = await page.evaluate(() => {
      const picker = document.querySelector('.slideshow__picker');
      const dots = picker ? [...picker.querySelectorAll('.slideshow__dot')] : [];
      return dots.map((dot) => ({ current: dot.getAttribute('aria-current') === 'true', fill: getComputedStyle(dot).backgroundColor }));
    });
    const current = fills.filter((dot) => dot.current).map((dot) => dot.fill);
    expect(current).toHaveLength(1);
    expect(fills.filter((dot) => dot.fill === current[0])).toHaveLength(1);
    await context.close();
  });

  it('the home page’s progress bars: the fill at 3:1 or more against its track', { timeout: 60_000 }, async () => {
    const { page, context } = await open('/');
    await page.locator('.progress-bars').scrollIntoViewIfNeeded();
    const found = await contrasts(page, [
      { name: 'fill', selector: '.progress-bars__fill', property: 'background-color', against: { selector: '.progress-bars__track', property: 'background-color' } },
    ]);
    expect(found.fill, JSON.stringify(found)).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});
