import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';

/**
 * Issue 31, phone (items 1-5): a phone with touch at 390 x 844 and 320 x 640, asserting what shows:
 * boxes inside the window, no sideways scroll, what is on top, what a screen reader is told.
 */
const { visit } = useBrowser();

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const phone = (width: number, height: number): BrowserContextOptions => ({
  viewport: { width, height },
  hasTouch: true,
  isMobile: true,
  userAgent: IPHONE_UA,
});
const PHONE = phone(390, 844);
const SMALL_PHONE = phone(320, 640);

/** Opens `path` in a fresh context; a generous load timeout, as the test machine is shared. */
async function open(path: string, options: BrowserContextOptions) {
  const visited = await visit('about:blank', options);
  await visited.page.goto(path, { timeout: 30_000 });
  return visited;
}

/** How far the page scrolls sideways (0: it does not). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** An element's box, rounded outwards. */
const box = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: Math.floor(rect.left), right: Math.ceil(rect.right), top: Math.floor(rect.top), bottom: Math.ceil(rect.bottom) };
  });

describe('the dosing table on a phone (issue 31.1)', () => {
  it.each([
    ['390 x 844', PHONE],
    ['320 x 640', SMALL_PHONE],
  ])('%s: a row reads whole without panning the page, and is still a table row to a screen reader', { timeout: 60_000 }, async (_size, options) => {
    const { page, context } = await open('/dosing/', options);
    expect(await sidewaysScroll(page)).toBe(0);
    const row = page.getByRole('row', { name: /24–35 lb/ });
    await row.scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    // The weight and its four doses are all on screen, each with its column's name beside it.
    for (const cell of await row.getByRole('cell').all()) {
      expect(await cell.isVisible()).toBe(true);
      const rect = await cell.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      expect(rect.left).toBeGreaterThanOrEqual(0);
      expect(rect.right).toBeLessThanOrEqual(width);
    }
    expect(await row.getByRole('cell').count()).toBe(4);
    expect(await row.evaluate((element) => element.textContent)).toBe('24–35 lb160 mg5 mL100 mg5 mL');
    expect(await row.locator('td').first().evaluate((cell) => getComputedStyle(cell, '::before').content)).toMatch(/Acetaminophen dose/);
    // The column's name shown in the card is not read a second time: the cell's name is its dose.
    expect(await row.getByRole('cell', { name: '160 mg', exact: true }).count()).toBe(1);
    expect(await page.getByRole('table', { name: /Acetaminophen and ibuprofen by weight/ }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Ibuprofen dose' }).count()).toBe(1);
    await context.close();
  });
});

describe('image hotspots on a touch screen (issue 31.2)', () => {
  it('a tap opens a spot’s tooltip and it stays open inside the window; a second tap closes it; the spots’ list shows', { timeout: 60_000 }, async () => {
    const viewChunk = chunkOf('widgets/ImageHotspots/widget.ts');
    const { page, context } = await open('about:blank', PHONE);
    const views: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === viewChunk) views.push(request.url());
    });
    await page.goto('/team/', { timeout: 30_000 });
    const figure = page.locator('.image-hotspots');
    await figure.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.image-hotspots__spot.is-revealed').count(), { timeout: 15_000 }).toBe(4);
    // As visitors get them (issue 35, goal 2): the hotspots' behaviour reveals and answers, without React or their view.
    expect(await page.locator('[data-widget="image-hotspots"]').getAttribute('data-island')).toBe('answering');
    // The caption asks to choose a spot: the descriptions read under the image on a phone too.
    const list = figure.getByRole('listitem').filter({ hasText: 'Quiet garden' });
    expect(await list.isVisible()).toBe(true);
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const name of ['Music corner', 'Quiet garden', 'Sensory room']) {
      const spot = page.getByRole('button', { name });
      await spot.tap();
      const tip = page.getByRole('tooltip');
      await expect.poll(() => tip.isVisible()).toBe(true);
      // A tap is hover, focus and click at once: the click must not close what the others opened.
      await page.waitForTimeout(400);
      expect(await tip.isVisible()).toBe(true);
      expect(await spot.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
      expect(await tip.textContent()).toContain(name);
      const rect = await box(page, '.image-hotspots__tooltip:not([hidden])');
      expect([name, rect.left >= 0, rect.right <= width]).toEqual([name, true, true]);
      expect(await sidewaysScroll(page)).toBe(0);
      await spot.tap();
      await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
    }
    expect(views, 'the view chunk asked for').toEqual([]);
    await context.close();
  });
});

describe('phone layouts (issue 31.3-31.5)', () => {
  it('/about/ does not scroll sideways at 320 px, with its tooltip closed or open', { timeout: 60_000 }, async () => {
    const { page, context } = await open('/about/', SMALL_PHONE);
    await page.waitForFunction(() => document.querySelector('[data-tooltip]')?.getAttribute('data-state') === 'closed');
    expect(await sidewaysScroll(page)).toBe(0);
    const trigger = page.getByRole('button', { name: 'PICU' });
    await trigger.focus();
    const tip = page.getByRole('tooltip', { name: /Paediatric intensive care unit/ });
    await expect.poll(() => tip.isVisible()).toBe(true);
    const rect = await box(page, '#tip-picu');
    expect(rect.left).toBeGreaterThanOrEqual(0);
    expect(rect.right).toBeLessThanOrEqual(320);
    expect(await sidewaysScroll(page)).toBe(0);
    await context.close();
  });

  it('the contact form’s checkboxes, consent first, sit on their label’s first line at 390 px', { timeout: 60_000 }, async () => {
    const { page, context } = await open('/contact/', PHONE);
    for (const name of [/I agree that Harbourlight stores this message/, /Call me back instead of writing/]) {
      const checkbox = page.getByRole('checkbox', { name });
      await checkbox.scrollIntoViewIfNeeded();
      const layout = await checkbox.evaluate((input) => {
        const label = input instanceof HTMLInputElement ? input.labels?.[0] : undefined;
        if (!label) return null;
        const range = document.createRange();
        range.selectNodeContents(label);
        const firstLine = range.getClientRects()[0];
        const boxRect = input.getBoundingClientRect();
        return { boxMiddle: boxRect.top + boxRect.height / 2, boxRight: boxRect.right, lineTop: firstLine?.top ?? -1, lineBottom: firstLine?.bottom ?? -1, lineLeft: firstLine?.left ?? -1 };
      });
      expect(layout).not.toBeNull();
      if (!layout) return;
      expect(layout.boxMiddle).toBeGreaterThan(layout.lineTop);
      expect(layout.boxMiddle).toBeLessThan(layout.lineBottom);
      expect(layout.boxRight).toBeLessThanOrEqual(layout.lineLeft);
    }
    await context.close();
  });

  it.each([
    ['390 x 844', PHONE],
    ['1280 x 800', { viewport: { width: 1280, height: 800 } }],
  ])('%s: as the footer comes into view, Back to top stays above it and covers none of its text', { timeout: 60_000 }, async (_size, options) => {
    const { page, context } = await open('/about/', options);
    await page.waitForFunction(() => window.sitecharts !== undefined);
    const backToTop = page.getByRole('link', { name: 'Back to top' });
    // Where the footer's top is a third of the window up from its bottom, then at the end of the page.
    for (const where of ['footer in view', 'end of page'] as const) {
      await page.evaluate((at) => {
        const footer = document.querySelector('footer');
        const main = document.querySelector('main');
        const end = document.documentElement.scrollHeight;
        // The curtain footer sits under <main>'s end: it comes into view as <main>'s end does.
        const footerTop = (main?.getBoundingClientRect().bottom ?? 0) + window.scrollY;
        const top = at === 'end of page' || !footer ? end : footerTop - (window.innerHeight * 2) / 3;
        window.scrollTo({ top, behavior: 'instant' });
      }, where);
      await expect.poll(() => backToTop.isVisible()).toBe(true);
      const seen = await backToTop.evaluate((link) => {
        const own = link.getBoundingClientRect();
        const footer = document.querySelector('footer');
        const texts = footer ? [...footer.querySelectorAll('h2, p, address, label, input, button, a')] : [];
        // Footer text under the link that would show without it (the curtain footer's text is
        // behind <main> until <main> scrolls off it: what <main> covers, the link cannot).
        link.style.visibility = 'hidden';
        const covered = texts
          .filter((element) => {
            const rect = element.getBoundingClientRect();
            const left = Math.max(rect.left, own.left);
            const right = Math.min(rect.right, own.right);
            const top = Math.max(rect.top, own.top);
            const bottom = Math.min(rect.bottom, own.bottom);
            if (rect.width === 0 || left >= right || top >= bottom) return false;
            return footer?.contains(document.elementFromPoint((left + right) / 2, (top + bottom) / 2)) ?? false;
          })
          .map((element) => element.textContent ?? '');
        link.style.visibility = '';
        const inView = own.top >= 0 && own.bottom <= window.innerHeight;
        const onTop = link.contains(document.elementFromPoint(own.left + own.width / 2, own.top + own.height / 2));
        return { covered, inView, onTop, aboveFooter: own.bottom <= (document.querySelector('main')?.getBoundingClientRect().bottom ?? 0) };
      });
      expect([where, seen.covered]).toEqual([where, []]);
      expect([where, seen.aboveFooter]).toEqual([where, true]);
      // Where it is in view, what shows at its centre is the link itself.
      if (where === 'footer in view') expect([where, seen.inView, seen.onTop]).toEqual([where, true, true]);
    }
    await context.close();
  });
});
