import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';

/**
 * Issue 31, keyboard and assistive technology (items 10-14): what a keyboard user reaches and what a
 * screen reader is told, with real key presses in Chromium and the page's real clock.
 */
const { visit } = useBrowser();

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: IPHONE_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** Opens `path` in a fresh context; a generous load timeout, as the test machine is shared. */
async function open(path: string, options: BrowserContextOptions) {
  const visited = await visit('about:blank', options);
  await visited.page.goto(path, { timeout: 30_000 });
  await visited.page.waitForFunction(() => window.sitecharts !== undefined);
  return visited;
}

/** The focused element: its tag, accessible text and whether it is inside `selector`. */
const focused = (page: Page, selector: string) =>
  page.evaluate((within) => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
      inside: element?.closest(within) !== null && element !== document.body,
    };
  }, selector);

describe('the burger menu from the keyboard (issue 31.10, WAI-ARIA disclosure navigation)', () => {
  it.each([
    ['390 px phone', PHONE],
    ['900 px window', { viewport: { width: 900, height: 800 } }],
  ])('%s: Tab from the open button goes into the menu, through every link, and Shift+Tab back to the button', { timeout: 60_000 }, async (_size, options) => {
    const { page, context } = await open('/about/', options);
    const burger = page.getByRole('button', { name: 'Menu' });
    expect(await burger.isVisible()).toBe(true);
    await burger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Main' });
    const links = await menu.getByRole('link').allTextContents();
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      await page.keyboard.press('Tab');
      expect(await focused(page, '#main-menu')).toEqual({ tag: 'a', text: link, inside: true });
      expect(await burger.getAttribute('aria-expanded')).toBe('true');
    }
    // What has focus shows: the last link is on top, not covered by the page behind.
    const onTop = await page.evaluate(() => {
      const link = document.activeElement;
      if (!link) return false;
      const box = link.getBoundingClientRect();
      return link.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    expect(onTop).toBe(true);
    for (let i = 0; i < links.length; i++) await page.keyboard.press('Shift+Tab');
    expect(await focused(page, '.site-header')).toEqual({ tag: 'button', text: 'Menu', inside: true });
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });
});

describe('hotspot tooltips and the rotating text (issue 31.11, 31.12)', () => {
  it('Escape closes a hotspot tooltip opened by hovering, with focus outside the image (WCAG 1.4.13)', { timeout: 60_000 }, async () => {
    const { page, context } = await open('/team/', DESKTOP);
    await page.locator('.image-hotspots').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.image-hotspots__spot.is-revealed').count(), { timeout: 15_000 }).toBe(4);
    await page.getByRole('button', { name: 'Music corner' }).hover();
    const tip = page.getByRole('tooltip');
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => tip.count()).toBe(0);
    // As visitors get them: their behaviour answered (issue 35, goal 2).
    expect(await page.locator('[data-widget="image-hotspots"]').getAttribute('data-island')).toBe('answering');
    await context.close();
  });

  it('the rotating text has a focusable Pause button that stops it until Play (WCAG 2.2.2)', { timeout: 60_000 }, async () => {
    const viewChunk = chunkOf('widgets/TextRotator/widget.ts');
    const { page, context } = await visit('about:blank', DESKTOP);
    const views: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === viewChunk) views.push(request.url());
    });
    await page.goto('/team/', { timeout: 30_000 });
    await page.waitForFunction(() => window.sitecharts !== undefined);
    const rotator = page.locator('.text-rotator');
    const pause = page.getByRole('button', { name: 'Pause the rotating words' });
    expect(await pause.isVisible()).toBe(true);
    expect(await pause.evaluate((button) => button.tabIndex)).toBe(0);
    // Reached with Tab from the element before it.
    await page.locator('.text-rotator').evaluate((p) => {
      const before = document.createElement('button');
      before.textContent = 'before';
      before.id = 'test-before';
      p.before(before);
    });
    await page.locator('#test-before').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page, '.text-rotator')).toMatchObject({ tag: 'button', inside: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => rotator.getAttribute('data-state')).toBe('stopped');
    const play = page.getByRole('button', { name: 'Play the rotating words' });
    expect(await play.isVisible()).toBe(true);
    // Focus leaving does not start it again: the line stays for longer than its 4 s interval.
    await page.locator('#test-before').focus();
    const line = await page.locator('.text-rotator__line').textContent();
    await page.waitForTimeout(5_000);
    expect(await page.locator('.text-rotator__line').textContent()).toBe(line);
    expect(await rotator.getAttribute('data-state')).toBe('stopped');
    await play.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rotator.getAttribute('data-state')).not.toBe('stopped');
    expect(await page.getByRole('button', { name: 'Pause the rotating words' }).isVisible()).toBe(true);
    // As visitors get it: its behaviour answered, with no React (issue 35, goal 2).
    expect(await page.locator('[data-widget="text-rotator"]').getAttribute('data-island')).toBe('answering');
    expect(views, 'the view chunk asked for').toEqual([]);
    await context.close();
  });
});

describe('focus after the last "Load more" (issue 31.13)', () => {
  it('lands on the first new story, not on <body>', { timeout: 90_000 }, async () => {
    const { page, context } = await open('/news/', DESKTOP);
    const more = page.getByRole('button', { name: /Load more/ });
    let stories = await page.locator('.masonry__brick').count();
    let storiesBefore = stories;
    for (let load = 0; load < 10 && (await more.count()) > 0; load++) {
      storiesBefore = stories;
      await more.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.masonry__brick').count(), { timeout: 15_000 }).toBeGreaterThan(stories);
      stories = await page.locator('.masonry__brick').count();
      if ((await more.count()) > 0) expect(await focused(page, '.masonry__more')).toMatchObject({ tag: 'button', inside: true });
    }
    expect(await page.getByText(/No more/).first().isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    const where = await page.evaluate(() => {
      const element = document.activeElement;
      const story = element?.closest('.masonry__brick');
      const all = [...document.querySelectorAll('.masonry__brick')];
      return { inStory: story !== null && story !== undefined, index: story ? all.indexOf(story) : -1, text: element?.textContent?.trim() ?? '' };
    });
    expect(where.inStory).toBe(true);
    expect(where.text).not.toBe('');
    // The first of the stories the last load brought, in the grid's order.
    expect(where.index).toBe(storiesBefore);
    await context.close();
  });
});

describe('the English frame on /ar/ (issue 31.14)', () => {
  it('"Skip to content" and "Back to top" are marked lang="en"', { timeout: 60_000 }, async () => {
    const { page, context } = await open('/ar/', DESKTOP);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    for (const name of ['Skip to content', 'Back to top']) {
      const link = page.getByRole('link', { name, includeHidden: true });
      expect([name, await link.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))]).toEqual([name, 'en']);
    }
    await context.close();
  });
});
