import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSITION_MS } from '../../machines/slider/slider.rules';
import { expectNoAxeViolations, hydrated, pauseClock, swipe, useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';
import { PHONE } from '../support/phone-visitor';

 
const { visit } = useBrowser();

const strip = (page: Page) => page.getByRole('region', { name: 'Pictures through the year' });
const active = (page: Page) => strip(page).locator('li').evaluateAll((items) => items.findIndex((item) => item.getAttribute('aria-current') === 'true'));

describe('horizontal gallery (§4, §5)', () => {
  it('empty initial: nothing active; next goes to the first; arrows hide at the ends (loop once); the active item is centred', async () => {
    const { page } = await visit('about:blank', { viewport: { width: 1280, height: 900 } });
    await pauseClock(page, 0);
    await page.goto('/gallery/');
    await hydrated(page);
    expect(await active(page)).toBe(-1);
    const next = strip(page).getByRole('button', { name: 'Next' });
    await next.click();
    expect(await active(page)).toBe(0);
    expect(await strip(page).getByRole('button', { name: 'Previous' }).count()).toBe(0);
    for (let i = 0; i < 3; i++) {
      await page.clock.runFor(900);
      await next.click();
    }
    expect(await active(page)).toBe(3);
    // The strip is moved so the active item's middle meets the viewport's middle (clamped to the ends).
    const { moved, expected } = await strip(page).evaluate((section) => {
      const viewport = section.querySelector<HTMLElement>('.horizontal-gallery__viewport');
      const list = section.querySelector<HTMLElement>('ul');
      const item = section.querySelector<HTMLElement>('li[aria-current="true"]');
      if (!viewport || !list || !item) return { moved: NaN, expected: 0 };
      const centred = item.offsetLeft + item.offsetWidth / 2 - viewport.clientWidth / 2;
      return {
        moved: -Number(/translateX\((-?[\d.]+)px\)/.exec(list.style.transform)?.[1]),
        expected: Math.min(Math.max(0, centred), list.scrollWidth - viewport.clientWidth),
      };
    });
    expect(expected).toBeGreaterThan(0);
    expect(moved).toBeCloseTo(expected, 0);
    for (let i = 0; i < 4; i++) {
      await page.clock.runFor(900);
      await next.click();
    }
    expect(await active(page)).toBe(7);
    expect(await strip(page).getByRole('button', { name: 'Next' }).count()).toBe(0);
    await page.clock.resume();
    await expectNoAxeViolations(page);
  });
});

/** The 8 pictures of /gallery/'s strip (demo/authoring/data.tsx). */
const LAST = 7;

/**
 * What shows: item `index` is the active one (aria-current, its class), the strip has finished sliding
 * and the item's middle sits at the viewport's middle (clamped to the strip's ends: at the first item
 * the strip is at its start, at the last at its end), and it is visible. Fails naming what differs.
 */
async function expectActive(page: Page, index: number) {
  await expect.poll(() => active(page)).toBe(index);
  const item = strip(page).locator('li').nth(index);
  expect(await item.getAttribute('class')).toBe('horizontal-gallery__item is-active');
  const list = strip(page).locator('ul');
  await list.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const measure = () => strip(page).evaluate((section, at) => {
    const viewport = section.querySelector('.horizontal-gallery__viewport')?.getBoundingClientRect();
    const ul = section.querySelector('ul');
    const box = ul?.children[at]?.getBoundingClientRect();
    if (!viewport || !ul || !box) return null;
    const list = ul.getBoundingClientRect();
    const fromStrip = box.left - list.left + box.width / 2;
    const slide = Math.min(Math.max(0, fromStrip - viewport.width / 2), Math.max(0, ul.scrollWidth - viewport.width));
    return { middle: box.left + box.width / 2 - viewport.left, expected: fromStrip - slide, inView: box.right > viewport.left && box.left < viewport.right };
  }, index);
  // The strip's move may begin a frame after the active item is marked (its transform is drawn from the
  // same state, and its transition only then exists to wait for): until it rests where it belongs.
  await expect.poll(async () => {
    const now = await measure();
    return now ? Math.abs(now.middle - now.expected) < 0.5 : false;
  }).toBe(true);
  const place = await measure();
  expect(place?.inView, `item ${index} is in the viewport`).toBe(true);
  expect(place?.middle).toBeCloseTo(place?.expected ?? NaN, 0);
  if (index > 0 && index < LAST) expect(Math.abs((place?.middle ?? 0) - (await strip(page).locator('.horizontal-gallery__viewport').evaluate((v) => v.clientWidth / 2)))).toBeLessThanOrEqual(1);
  expect(await item.isVisible()).toBe(true);
}

/** The arrows a visitor (and a screen reader) finds: hidden ones are in neither. */
const arrows = async (page: Page) => ({
  previous: await strip(page).getByRole('button', { name: 'Previous' }).count(),
  next: await strip(page).getByRole('button', { name: 'Next' }).count(),
});

describe('as visitors get it: the horizontal gallery answers as its behaviour, without React (issue 35, goal 2)', () => {
  async function gallery(options: BrowserContextOptions) {
    const visited = await visit('about:blank', options);
    const { page } = visited;
    const viewChunk = chunkOf('widgets/HorizontalGallery/widget.ts');
    const views: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === viewChunk) views.push(request.url());
    });
    await pauseClock(page, 0);
    await page.goto('/gallery/');
    return { ...visited, views, island: page.locator('#year-strip') };
  }

  /** Past the move's 900 ms (§4's animating flag), on the page's paused clock. */
  const moved = (page: Page) => page.clock.runFor(DEFAULT_TRANSITION_MS);

  it.each([
    { device: 'a 390 px phone by touch', options: PHONE, touch: true },
    { device: 'a 1440 px desktop with a mouse', options: { viewport: { width: 1440, height: 900 } }, touch: false },
  ])('on $device: the arrows move it, the active item centred and visible, the arrows hidden at the ends; answering, its view never asked for', async ({ options, touch }) => {
    const { page, errors, views, island } = await gallery(options);
    const press = (target: Locator) => (touch ? target.tap() : target.click());
    const next = strip(page).getByRole('button', { name: 'Next' });
    expect(await active(page)).toBe(-1);
    expect(await arrows(page)).toEqual({ previous: 1, next: 1 });
    // The first tap may land before the behaviour's chunk: it is kept and answered when it arrives.
    await press(next);
    await expectActive(page, 0);
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(await arrows(page)).toEqual({ previous: 0, next: 1 });
    await moved(page);
    await press(next);
    await expectActive(page, 1);
    expect(await arrows(page)).toEqual({ previous: 1, next: 1 });
    await moved(page);
    await press(strip(page).getByRole('button', { name: 'Previous' }));
    await expectActive(page, 0);
    for (let index = 1; index <= LAST; index++) {
      await moved(page);
      await press(next);
      await expectActive(page, index);
    }
    expect(await arrows(page)).toEqual({ previous: 1, next: 0 });
    if (touch) {
      // §9: a 50 px swipe to the right goes back; the strip follows.
      await moved(page);
      const box = await strip(page).locator('.horizontal-gallery__viewport').boundingBox();
      if (!box) throw new Error('the strip has no box');
      await swipe(page, { x: box.x + box.width / 2 - 40, y: box.y + box.height / 2 }, 90, 5);
      await expectActive(page, LAST - 1);
      expect(await arrows(page)).toEqual({ previous: 1, next: 1 });
    }
    await page.clock.resume();
    await expectNoAxeViolations(page);
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(views, 'view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('on a 1440 px desktop by keyboard: Tab to an arrow, Enter and the arrow keys move it; focus stays in the strip', async () => {
    const { page, errors, views, island } = await gallery({ viewport: { width: 1440, height: 900 } });
    const next = strip(page).getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expectActive(page, 0);
    expect(await island.getAttribute('data-island')).toBe('answering');
    await moved(page);
    await page.keyboard.press('ArrowRight');
    await expectActive(page, 1);
    await moved(page);
    await page.keyboard.press('ArrowRight');
    await expectActive(page, 2);
    await moved(page);
    await page.keyboard.press('ArrowLeft');
    await expectActive(page, 1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Next');
    // Shift+Tab reaches the previous arrow, shown again once an item past the first is active.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous');
    await moved(page);
    await page.keyboard.press('Enter');
    await expectActive(page, 0);
    expect(await arrows(page)).toEqual({ previous: 0, next: 1 });
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(views, 'view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });
});
