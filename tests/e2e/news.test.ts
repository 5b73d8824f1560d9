import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, pauseClock, useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';

const { visit } = useBrowser();

const grid = (page: Page) => page.locator('#news-grid');
const visibleTitles = (page: Page) => grid(page).locator('.masonry__brick:not([hidden]) .news-card__title').allTextContents();
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load more stories' });

async function news() {
  const visited = await visit('/news/');
  await hydrated(visited.page);
  return visited;
}

describe('news: the masonry grid (§4, §7, §8)', () => {
  it('load more posts the §7 fields and appends the next bricks; the end shows the no-more-items state', async () => {
    const { page, errors } = await news();
    expect(await visibleTitles(page)).toHaveLength(6);
    const bodies: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/ajax')) bodies.push(request.postData() ?? '');
    });
    await loadMore(page).click();
    await expect.poll(() => visibleTitles(page)).toHaveLength(9);
    const first = new URLSearchParams(bodies[0]);
    expect(first.get('action')).toBe('avia_ajax_masonry_more');
    expect(first.get('items')).toBe('3');
    expect(first.get('offset')).toBe('3');
    expect(first.get('collection')).toBe('news');
    expect(first.getAll('loaded[]')).toHaveLength(6);
    await loadMore(page).click();
    await expect.poll(() => visibleTitles(page)).toHaveLength(12);
    await loadMore(page).click();
    await expect.poll(() => visibleTitles(page)).toHaveLength(14);
    await expect.poll(() => page.getByText('No more stories', { exact: true }).isVisible()).toBe(true);
    expect(await loadMore(page).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: '14 stories shown.' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a filter marks its button pressed and shows only its bricks, with counts that follow loads', async () => {
    const { page } = await news();
    const events = page.getByRole('button', { name: /^Events/ });
    expect(await events.textContent()).toBe('Events (3)');
    await events.click();
    expect(await events.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: /^All/ }).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => visibleTitles(page)).toEqual(['Lantern walk raises $18,400', 'Regatta crews sail for Harbourlight', 'Open day at the Harbour Room']);
    await loadMore(page).click();
    await expect.poll(() => events.textContent()).toBe('Events (4)');
  });

  it('sorting reorders the bricks', async () => {
    const { page } = await news();
    await page.getByRole('combobox', { name: 'Order' }).selectOption('oldest');
    expect((await visibleTitles(page))[0]).toBe('Open day at the Harbour Room');
    await page.getByRole('combobox', { name: 'Order' }).selectOption('title');
    expect((await visibleTitles(page))[0]).toBe('A second night nurse for the islands');
  });

  it('a failed request hides the loader, says nothing, adds nothing, and allows another try', async () => {
    const { page, context } = await news();
    await context.route('**/ajax', (route) => route.abort());
    await loadMore(page).click();
    await expect.poll(() => loadMore(page).getAttribute('aria-disabled')).toBe('false');
    expect(await page.locator('.masonry__loader').isHidden()).toBe(true);
    expect(await visibleTitles(page)).toHaveLength(6);
    expect(await page.getByRole('status').textContent()).toBe('');
    await context.unroute('**/ajax');
    await loadMore(page).click();
    await expect.poll(() => visibleTitles(page)).toHaveLength(9);
  });

  it('bricks appear 100 ms apart once the grid reaches its waypoint', async () => {
    // A window short enough that the grid starts below the fold (its top is ~300 px down under the
    // one-row header of issue 19), so nothing is revealed until the visitor scrolls to it.
    const { page } = await visit('about:blank', { viewport: { width: 1000, height: 260 } });
    const start = Date.UTC(2026, 10, 22, 9);
    await pauseClock(page, start);
    await page.goto('/news/');
    await hydrated(page);
    expect(await grid(page).locator('.masonry__brick.is-revealed').count()).toBe(0);
    await grid(page).scrollIntoViewIfNeeded();
    await expect.poll(() => grid(page).locator('.masonry__brick.is-revealed').count()).toBe(1);
    await page.clock.runFor(100);
    await expect.poll(() => grid(page).locator('.masonry__brick.is-revealed').count()).toBe(2);
    await page.clock.runFor(400);
    await expect.poll(() => grid(page).locator('.masonry__brick.is-revealed').count()).toBe(6);
  });
});

/** The visible bricks' boxes: each one laid out, none over another. */
async function expectPlacedWithoutOverlap(page: Page) {
  const boxes = await grid(page)
    .locator('.masonry__brick:not([hidden])')
    .evaluateAll((bricks) => bricks.map((brick) => brick.getBoundingClientRect()).map(({ left, top, right, bottom }) => ({ left, top, right, bottom })));
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) expect(box.right - box.left).toBeGreaterThan(100);
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top, JSON.stringify([a, b])).toBe(true);
  }
  // The hidden ones take no room.
  expect(await grid(page).locator('.masonry__brick[hidden]').evaluateAll((bricks) => bricks.every((brick) => brick.getBoundingClientRect().height === 0))).toBe(true);
}

describe('as visitors get it: the masonry filter answers as its behaviour, without React (issue 35, goal 2)', () => {
  const EVENTS = ['Lantern walk raises $18,400', 'Regatta crews sail for Harbourlight', 'Open day at the Harbour Room'];
  it.each([
    { device: 'a 1440 px desktop by mouse and keyboard', options: { viewport: { width: 1440, height: 900 } }, touch: false },
    { device: 'a 390 px phone by touch', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, touch: true },
  ])('on $device: a filter shows its bricks, placed without overlap, its button pressed; the order sorts them; load more adds the next; answering, no view and no React asked for', async ({ options, touch }) => {
    const { page, errors } = await visit('about:blank', options);
    const press = (target: Locator) => (touch ? target.tap() : target.click());
    const viewChunk = chunkOf('widgets/Masonry/widget.ts');
    const react = chunkOf('runtime/mount.tsx');
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === viewChunk || path === react) asked.push(path);
    });
    await page.goto('/news/');
    const island = page.locator('[data-widget="masonry"]');
    const filters = page.getByRole('group', { name: 'Filter news' });
    const events = filters.getByRole('button', { name: /^Events/ });
    await events.scrollIntoViewIfNeeded();

    // The first tap may land before the behaviour's chunk: it is kept and answered when it arrives.
    await press(events);
    await expect.poll(() => events.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(await events.getAttribute('class')).toBe('masonry__filter active_sort');
    await expect.poll(() => visibleTitles(page)).toEqual(EVENTS);
    await expectPlacedWithoutOverlap(page);
    // What a screen reader is told: a named group of toggle buttons, each with its count, Events pressed.
    expect(await filters.ariaSnapshot()).toBe(['- group "Filter news":', '  - button "All (6)"', '  - button "Events (3)" [pressed]', '  - button "Care (2)"', '  - button "Volunteers (2)"'].join('\n'));

    const order = page.getByRole('combobox', { name: 'Order' });
    if (touch) await order.selectOption('title');
    else {
      await order.focus();
      await page.keyboard.press('End');
    }
    await expect.poll(() => order.inputValue()).toBe('title');
    await expect.poll(() => visibleTitles(page)).toEqual([...EVENTS].sort((a, b) => a.localeCompare(b, 'en')));
    await expectPlacedWithoutOverlap(page);

    const all = filters.getByRole('button', { name: /^All/ });
    if (touch) await press(all);
    else {
      await all.focus();
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => all.getAttribute('aria-pressed')).toBe('true');
    expect(await events.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => visibleTitles(page)).toHaveLength(6);
    expect((await visibleTitles(page))[0]).toBe('A second night nurse for the islands');
    await expectPlacedWithoutOverlap(page);
    if (!touch) {
      await events.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => visibleTitles(page)).toHaveLength(3);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Events (3)');
    }

    // Load more (§7): the next bricks come, placed, counted and said, still without the view.
    if (touch) await press(loadMore(page));
    else {
      await loadMore(page).focus();
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => grid(page).locator('.masonry__brick').count(), { timeout: 15_000 }).toBe(9);
    await expect.poll(() => page.getByRole('status').filter({ hasText: '9 stories shown.' }).count()).toBe(1);
    await expect.poll(() => events.textContent()).toBe('Events (4)');
    await expectPlacedWithoutOverlap(page);

    // The page's other islands (all answering) have had their chance to load: still no React.
    await page.waitForLoadState('networkidle');
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(asked, 'the masonry view or React asked for').toEqual([]);
    expect(errors).toEqual([]);
    if (!touch) {
      await expect.poll(() => grid(page).locator('.masonry__brick:not([hidden]):not(.is-revealed)').count()).toBe(0);
      await expectNoAxeViolations(page);
    }
  });
});

describe('news: the message box (§4, §5, §9)', () => {
  it('closing hides it and sets a strict cookie named by its id; it stays closed on reload', async () => {
    const { page, context } = await news();
    const box = page.getByRole('region', { name: 'Notice: winter hours' });
    expect(await box.isVisible()).toBe(true);
    await box.getByRole('button', { name: 'Close: Notice: winter hours' }).click();
    await expect.poll(() => box.isVisible()).toBe(false);
    const cookie = (await context.cookies()).find((c) => c.name === 'winter-hours-2026');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.value).toMatch(/^[0-9a-f]{8}$/);
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThanOrEqual(60);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.locator('.message-box').isHidden()).toBe(true);
  });

  it.each([
    { device: 'a 390 px phone by touch', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, touch: true },
    { device: 'a 1024 px window by keyboard', options: { viewport: { width: 1024, height: 768 } }, touch: false },
  ])('as visitors get it, on $device: its behaviour closes it without React or its view; focus stays where the box was (issue 35, goal 2)', async ({ options, touch }) => {
    const { page, context, errors } = await visit('about:blank', options);
    const view = chunkOf('widgets/MessageBox/widget.ts');
    const views: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === view) views.push(request.url());
    });
    await page.goto('/news/');
    const island = page.locator('[data-widget="message-box"]');
    const box = page.getByRole('region', { name: 'Notice: winter hours' });
    const close = box.getByRole('button', { name: 'Close: Notice: winter hours' });
    if (touch) await close.tap();
    else {
      await close.focus();
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => box.isVisible()).toBe(false);
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-widget'))).toBe('message-box');
    expect((await context.cookies()).find((c) => c.name === 'winter-hours-2026')?.value).toMatch(/^[0-9a-f]{8}$/);
    expect(views, 'the view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a cookie for other contents does not count: the box shows', async () => {
    const { page, context } = await news();
    await context.addCookies([{ name: 'winter-hours-2026', value: '00000000', url: page.url() }]);
    await page.reload();
    await hydrated(page);
    // The box reads its cookie once its view is live ('unchecked' until then): wait for that verdict, not for time.
    await expect.poll(() => page.locator('.message-box').getAttribute('data-state')).toBe('visible');
    expect(await page.getByRole('region', { name: 'Notice: winter hours' }).isVisible()).toBe(true);
  });

  it('the page passes axe and reads with JS off', async () => {
    const { page } = await visit('/news/', { waitForHydration: true, reducedMotion: 'reduce' });
    await grid(page).scrollIntoViewIfNeeded();
    await expect.poll(() => grid(page).locator('.masonry__brick.is-revealed').count()).toBe(6);
    await expectNoAxeViolations(page);
    const off = await visit('/news/', { javaScriptEnabled: false });
    expect(await visibleTitles(off.page)).toHaveLength(6);
    expect(await off.page.getByText('Winter hours: the Harbour Room').isVisible()).toBe(true);
  });
});
