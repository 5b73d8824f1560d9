import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { chunkOf, holdChunk } from '../support/chunks';

const { visit } = useBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

/** Counts, from inside the page, every write of the address (history entries and hash changes). */
const COUNT_ADDRESS_WRITES = `(() => {
  window.__writes = { replaced: [], pushed: 0, hashchanges: 0 };
  const replace = history.replaceState.bind(history);
  history.replaceState = (state, title, url) => { window.__writes.replaced.push(String(url)); return replace(state, title, url); };
  const push = history.pushState.bind(history);
  history.pushState = (state, title, url) => { window.__writes.pushed++; return push(state, title, url); };
  addEventListener('hashchange', () => window.__writes.hashchanges++);
})()`;

type Writes = { replaced: string[]; pushed: number; hashchanges: number };
const addressWrites = (page: Page) => page.evaluate(() => (window as unknown as { __writes: Writes }).__writes);

const contents = (page: Page) => page.getByRole('navigation', { name: 'On this page' });
const island = (page: Page) => page.locator('[data-widget="table-of-contents"]');
const current = (page: Page) => contents(page).locator('[aria-current="location"]').allTextContents();

/**
 * Whether the heading an entry leads to is where the visitor sees it: in the viewport, below what is
 * stuck at the top (the sticky header, when it sticks), and not covered at its own centre.
 */
async function headingSeen(page: Page, entry: Locator) {
  const id = ((await entry.getAttribute('href')) ?? '').slice(1);
  return page.evaluate((target) => {
    const heading = document.getElementById(target);
    if (!heading) return 'no heading';
    const box = heading.getBoundingClientRect();
    let stuck = 0;
    for (const bar of document.querySelectorAll<HTMLElement>('[data-sticky-header], [data-widget="sticky-submenu"]')) {
      const style = getComputedStyle(bar);
      const barBox = bar.getBoundingClientRect();
      if ((style.position === 'sticky' || style.position === 'fixed') && Math.abs(barBox.top - (Number.parseFloat(style.top) || 0)) <= 1) stuck = Math.max(stuck, barBox.bottom);
    }
    const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 40), box.top + box.height / 2);
    if (box.top < stuck - 1) return `under what is stuck at the top (${Math.round(box.top)} < ${Math.round(stuck)})`;
    if (box.bottom > window.innerHeight) return 'below the viewport';
    return hit !== null && heading.contains(hit) ? 'seen' : 'covered';
  }, id);
}

/** How far to scroll for the heading `id` to sit `below` px under the sticky header's bottom (the viewport's top where it does not stick). */
const offsetTo = (page: Page, id: string, below: number) =>
  page.evaluate(
    ([target, px]) => {
      const header = document.querySelector('[data-sticky-header]')?.getBoundingClientRect();
      const top = header && header.top === 0 ? header.bottom : 0;
      return Math.round((document.getElementById(target)?.getBoundingClientRect().top ?? 0) - top - px);
    },
    [id, below] as const,
  );

/** Records every request for the contents' view chunk. */
function watchView(page: Page): string[] {
  const view = chunkOf('widgets/TableOfContents/widget.ts');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === view) asked.push(request.url());
  });
  return asked;
}

describe('as visitors get it: the table of contents answers as its behaviour, without React (issue 35, goal 2)', () => {
  it('on a 390 px phone by touch: a tap held until the chunk arrives is acknowledged, then scrolls its heading into view below the header, makes its entry current and writes the hash once; the view is never asked for', async () => {
    const { page, context, errors } = await visit('about:blank', PHONE);
    await page.addInitScript(COUNT_ADDRESS_WRITES);
    const views = watchView(page);
    const behaviour = await holdChunk(context, 'widgets/TableOfContents/behaviour.ts');
    await page.goto('/about/');
    const visit_ = contents(page).getByRole('link', { name: 'How a visit works' });
    await visit_.scrollIntoViewIfNeeded();
    const historyBefore = await page.evaluate(() => history.length);
    await visit_.tap();
    await expect.poll(() => behaviour.requested).toBe(true);
    // Heard at once, while the chunk is on its way: the island is busy, the page has not moved yet.
    expect(await island(page).getAttribute('aria-busy')).toBe('true');
    expect(new URL(page.url()).hash).toBe('');
    behaviour.release();
    await expect.poll(() => island(page).getAttribute('data-island')).toBe('answering');
    await expect.poll(() => headingSeen(page, visit_), { timeout: 5_000 }).toBe('seen');
    await expect.poll(() => new URL(page.url()).hash).toBe('#how-a-visit-works');
    await expect.poll(() => current(page)).toEqual(['How a visit works']);
    expect(await island(page).getAttribute('aria-busy')).toBeNull();
    // Focus stays on the entry tapped, as with the view (the page's smooth scroll moves none).
    expect(await visit_.evaluate((link) => link === document.activeElement)).toBe(true);
    // The address: the hash written once, with no history entry of its own.
    expect(await addressWrites(page)).toEqual({ replaced: ['#how-a-visit-works'], pushed: 0, hashchanges: 0 });
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);

    // A second tap, with the behaviour there: answered at once.
    const history_ = contents(page).getByRole('link', { name: 'Our history' });
    await history_.tap();
    await expect.poll(() => headingSeen(page, history_), { timeout: 5_000 }).toBe('seen');
    await expect.poll(() => current(page)).toEqual(['Our history']);
    await expect.poll(() => new URL(page.url()).hash).toBe('#our-history-title');

    // Scrolled by hand (a swipe's scroll), the current entry follows the reader.
    await page.evaluate((y) => window.scrollBy({ top: y, behavior: 'instant' }), await offsetTo(page, 'volunteering-title', 40));
    await expect.poll(() => current(page)).toEqual(['Volunteering']);

    expect(await island(page).getAttribute('data-island')).toBe('answering');
    expect(views, 'the view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
  });

  it('on a 1440 px desktop by mouse, and by keyboard (Tab to an entry, Enter): the heading scrolls into view below the sticky header, focus stays on the entry, the entry is current; scrolling by hand moves it; the view is never asked for', async () => {
    const { page, errors } = await visit('about:blank', DESKTOP);
    await page.addInitScript(COUNT_ADDRESS_WRITES);
    const views = watchView(page);
    await page.goto('/about/');
    const toc = contents(page);

    // By mouse: the first click may land before the behaviour's chunk; it is kept and answered.
    const where = toc.getByRole('link', { name: 'Where we work' });
    await where.click();
    await expect.poll(() => headingSeen(page, where), { timeout: 5_000 }).toBe('seen');
    await expect.poll(() => current(page)).toEqual(['Where we work']);
    expect(await island(page).getAttribute('data-island')).toBe('answering');
    await expect.poll(() => new URL(page.url()).hash).toBe('#where-we-work');
    expect(await addressWrites(page)).toEqual({ replaced: ['#where-we-work'], pushed: 0, hashchanges: 0 });

    // By keyboard: Tab from an entry to the next one, Enter follows it; focus stays on it.
    const before = toc.getByRole('link', { name: 'Before the first visit' });
    const during = toc.getByRole('link', { name: 'During a visit' });
    await before.focus();
    await page.keyboard.press('Tab');
    expect(await during.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => headingSeen(page, during), { timeout: 5_000 }).toBe('seen');
    await expect.poll(() => current(page)).toEqual(['During a visit']);
    expect(await during.evaluate((link) => link === document.activeElement)).toBe(true);
    await expect.poll(() => new URL(page.url()).hash).toBe('#during-a-visit');

    // Scrolled by hand (the mouse wheel), the current entry follows the reader, back up the page.
    await page.mouse.move(900, 500);
    await page.mouse.wheel(0, await offsetTo(page, 'the-harbour-room', 40));
    await expect.poll(() => current(page)).toEqual(['The Harbour Room']);

    expect(await island(page).getAttribute('data-island')).toBe('answering');
    expect(views, 'the view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });
});
