import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const { visit } = useBrowser();

/** Issue 31, items 19-24: widgets as a visitor meets them, before and after they load. */
const ABOUT_ENTRIES = ['Who we are', 'Where we work', 'Who pays for it', 'Our history', 'The Harbour Room', 'Night nursing', 'How a visit works', 'Before the first visit', 'During a visit', 'Volunteering', 'What we hold to', 'Children first', 'Families know best', 'Close to home'];

describe('widgets a visitor meets (issue 31, items 19-24)', () => {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    it(`item 19 at ${size.width} px: the table of contents on /about/ is in the page from the first paint, with no input, and its links lead to their headings`, async () => {
      const { page } = await visit('about:blank', { viewport: size, isMobile: size.width < 500, hasTouch: size.width < 500 });
      // The first paint: the list is already there and shown, before any script has run.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/about/');
      const contents = page.getByRole('navigation', { name: 'On this page' });
      expect(await contents.isVisible()).toBe(true);
      expect(await contents.getByRole('link').allTextContents()).toEqual(ABOUT_ENTRIES);
      // Without JS its links work: each leads to a heading with that id.
      const where = contents.getByRole('link', { name: 'Where we work' });
      const target = ((await where.getAttribute('href')) ?? '').slice(1);
      expect(await page.locator(`[id="${target}"]`).evaluate((heading) => heading.tagName)).toBe('H3');
      const noJs = await contents.boundingBox();
      // With JS, and no input: the same list in the same place, and the page has not moved.
      await page.unroute('**/*.js');
      await page.goto('/about/');
      const before = await contents.boundingBox();
      expect(before).toEqual(noJs);
      expect(await contents.getByRole('link').allTextContents()).toEqual(ABOUT_ENTRIES);
      await page.mouse.wheel(0, 300);
      // Its behaviour reads the page's headings without React (issue 35, goal 2): the same list.
      await expect.poll(() => page.locator('.island-toc, [data-widget="table-of-contents"]').first().getAttribute('data-island')).toBe('answering');
      expect(await contents.getByRole('link').allTextContents()).toEqual(ABOUT_ENTRIES);
      expect((await contents.boundingBox())?.height).toBe(before?.height);
    });
  }


  for (const width of [1280, 1440]) {
    it(`item 22 at ${width} px: "Load more" appends without moving a story already shown; the grid's columns are balanced before and after`, async () => {
      const { page } = await visit('/news/', { viewport: { width, height: 900 }, waitForHydration: true });
      const bricks = page.locator('.masonry__grid .masonry__brick:not([hidden])');
      // Where each story is laid out (offsetLeft/Top: layout, not the 400 ms reveal's translateY, which a
      // brick scrolled into view is still running when measured; that slide-in is not a move).
      const places = () => bricks.evaluateAll((all) => all.filter((brick) => brick instanceof HTMLElement).map((brick) => ({ id: brick.getAttribute('data-id') ?? '', x: brick.offsetLeft, y: brick.offsetTop })));
      /** How many bricks each column holds: balanced when no column has more than one more than another. */
      const perColumn = async () => {
        const counts = new Map<number, number>();
        for (const { x } of await places()) counts.set(x, (counts.get(x) ?? 0) + 1);
        return [...counts.values()];
      };
      const before = await places();
      expect(before.length).toBeGreaterThanOrEqual(3);
      const columns = await perColumn();
      expect(columns.length).toBeGreaterThan(1);
      expect(Math.max(...columns) - Math.min(...columns)).toBeLessThanOrEqual(1);
      await page.getByRole('button', { name: 'Load more stories' }).click();
      await expect.poll(() => bricks.count()).toBeGreaterThan(before.length);
      const after = await places();
      // Every story the reader has seen is where it was; the new ones come after it.
      // (within 2 px: a count in the filter buttons may change the subpixel layout above the grid)
      expect(after.slice(0, before.length).map((b) => b.id)).toEqual(before.map((b) => b.id));
      after.slice(0, before.length).forEach((now, index) => {
        const then = before[index];
        expect(Math.abs(now.x - (then?.x ?? NaN))).toBeLessThanOrEqual(2);
        expect(Math.abs(now.y - (then?.y ?? NaN))).toBeLessThanOrEqual(2);
      });
      const lastSeen = Math.max(...before.map((b) => b.y));
      for (const added of after.slice(before.length)) expect(added.y).toBeGreaterThanOrEqual(lastSeen);
      const balanced = await perColumn();
      expect(Math.max(...balanced) - Math.min(...balanced)).toBeLessThanOrEqual(1);
    });
  }

  it('item 20: hovering a gallery thumbnail updates the big preview, with no click or focus first', async () => {
    const { page, errors } = await visit('/gallery/');
    const thumbs = page.getByRole('list', { name: 'Photos from Harbourlight' }).getByRole('link');
    const preview = page.locator('.image-gallery__preview img');
    const first = await preview.getAttribute('src');
    await thumbs.nth(2).hover();
    const third = await thumbs.nth(2).getAttribute('href');
    expect(third).not.toBe(first);
    await expect.poll(() => preview.getAttribute('src'), { timeout: 4_000 }).toBe(third);
    await thumbs.nth(4).hover();
    await expect.poll(() => preview.getAttribute('src'), { timeout: 4_000 }).toBe(await thumbs.nth(4).getAttribute('href'));
    // The caption (a polite live region) says which photo is previewed.
    expect(await page.locator('.image-gallery__preview figcaption').textContent()).toBe(await thumbs.nth(4).locator('img').getAttribute('alt'));
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('item 23: each progress bar is named by its own label, through an id made from that label', async () => {
    const { page } = await visit('/');
    const bars = page.getByRole('progressbar');
    const count = await bars.count();
    expect(count).toBeGreaterThan(1);
    const ids = new Set<string>();
    for (let index = 0; index < count; index++) {
      const id = (await bars.nth(index).getAttribute('aria-labelledby')) ?? '';
      const label = (await page.locator(`[id="${id}"]`).textContent()) ?? '';
      const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
      expect(id).toBe(`bars-${slug}-${index}`);
      expect(await page.getByRole('progressbar', { name: label, exact: true }).count()).toBe(1);
      ids.add(id);
    }
    expect(ids.size).toBe(count);
  });
});


