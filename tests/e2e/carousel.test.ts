import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, pauseClock, swipe, useBrowser } from '../support/browser';
import { chunkOf, holdChunk } from '../support/chunks';

 
const { visit } = useBrowser();

const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
/** Titles of the slides the carousel shows (the others are aria-hidden). */
const visibleTitles = (page: Page) => timeline(page).getByRole('group').evaluateAll((items) => items.map((item) => item.querySelector('h3')?.textContent));

describe('timelines carousel (§3, §9: 3 visible, 2 on medium, 1 on small; scrolls 1)', () => {
  it.each([
    [1280, ['1998', '2004', '2010']],
    [800, ['1998', '2004']],
    [400, ['1998']],
  ])('at %i px it shows %j', async (width, titles) => {
    const { page } = await visit('/gallery/', { viewport: { width, height: 900 } });
    await hydrated(page);
    await expect.poll(() => visibleTitles(page)).toEqual(titles);
  });

  it('next scrolls by one and stops at the end (loop once); Previous is disabled at the start', async () => {
    const { page } = await visit('about:blank', { viewport: { width: 1280, height: 900 } });
    // Paused: the transition's end is the test's to decide, not the loaded machine's timers.
    await pauseClock(page, 0);
    await page.goto('/gallery/');
    await hydrated(page);
    expect(await timeline(page).getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    const next = timeline(page).getByRole('button', { name: 'Next' });
    await next.click();
    await expect.poll(() => visibleTitles(page)).toEqual(['2004', '2010', '2016']);
    for (let i = 0; i < 2; i++) {
      // The animating flag blocks the next press for the 900 ms transition.
      await page.clock.runFor(900);
      await next.click();
    }
    await expect.poll(() => visibleTitles(page)).toEqual(['2016', '2021', '2025']);
    expect(await next.isDisabled()).toBe(true);
  });
});

/** The years whose item lies within the carousel's viewport (what the eye sees, whatever the aria says). */
const yearsInView = (page: Page) =>
  timeline(page)
    .locator('.carousel__item')
    .evaluateAll((items) => {
      const frame = items[0]?.closest('.carousel__viewport')?.getBoundingClientRect();
      if (!frame) return [];
      return items
        .filter((item) => {
          const box = item.getBoundingClientRect();
          return box.left >= frame.left - 1 && box.right <= frame.right + 1;
        })
        .map((item) => item.querySelector('h3')?.textContent);
    });

describe('as visitors get it: the timeline answers as its behaviour, without React (issue 35, goal 2)', () => {
  /** /gallery/ with no hydrateAll, on Playwright's paused clock (the 900 ms move is the test's to end), counting requests for the carousel's view chunk. */
  async function galleryAsVisitorsGetIt(options: Parameters<typeof visit>[1]) {
    const { page, errors } = await visit('about:blank', options);
    const viewChunk = chunkOf('widgets/Carousel/widget.ts');
    const views: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === viewChunk) views.push(request.url());
    });
    await pauseClock(page, 0);
    await page.goto('/gallery/');
    const island = page.locator('[data-widget="carousel"]');
    await timeline(page).scrollIntoViewIfNeeded();
    await expect.poll(() => island.getAttribute('data-island'), { timeout: 15_000 }).toBe('answering');
    const arrow = (name: 'Previous' | 'Next') => timeline(page).getByRole('button', { name });
    /** What shows and what a screen reader is told agree: the same years. */
    const expectShown = async (years: string[]) => {
      await expect.poll(() => visibleTitles(page)).toEqual(years);
      await expect.poll(() => yearsInView(page)).toEqual(years);
    };
    return { page, errors, views, island, arrow, expectShown };
  }

  it('on a 390 px phone by touch: one year shows; a swipe and a tap on Next move by one, Previous follows; the view is never asked for', async () => {
    const { page, errors, views, island, arrow, expectShown } = await galleryAsVisitorsGetIt({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await expectShown(['1998']);
    expect(await arrow('Previous').isDisabled()).toBe(true);
    const box = await timeline(page).locator('.carousel__viewport').boundingBox();
    if (!box) throw new Error('the timeline is not on screen');
    await swipe(page, { x: box.x + box.width / 2 + 60, y: box.y + Math.min(box.height / 2, 60) }, -120, 3);
    await expectShown(['2004']);
    expect(await arrow('Previous').isDisabled()).toBe(false);
    // Past the move's 900 ms, which blocks a tap while it animates. (Clean-clone runs read 2004 after
    // the tap on Next: the swipe was a flick, and Chromium swallowed the tap as the end of its fling;
    // `swipe` now lifts a finger at rest.)
    await page.clock.runFor(1000);
    await arrow('Next').tap();
    await expectShown(['2010']);
    expect(await timeline(page).locator('.carousel__item').nth(0).getAttribute('aria-hidden')).toBe('true');
    await page.clock.runFor(1000);
    await arrow('Previous').tap();
    await expectShown(['2004']);
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(views).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('on a 1440 px desktop by mouse and keyboard: three years show; Next and the arrow keys move by one and stop at the end; the view is never asked for; axe passes', async () => {
    const { page, errors, views, island, arrow, expectShown } = await galleryAsVisitorsGetIt({ viewport: { width: 1440, height: 900 } });
    await expectShown(['1998', '2004', '2010']);
    expect(await arrow('Previous').isDisabled()).toBe(true);
    await arrow('Next').click();
    await expectShown(['2004', '2010', '2016']);
    expect(await arrow('Previous').isDisabled()).toBe(false);
    await page.clock.runFor(900);
    await arrow('Next').focus();
    await page.keyboard.press('ArrowRight');
    await expectShown(['2010', '2016', '2021']);
    await page.clock.runFor(900);
    await page.keyboard.press('ArrowRight');
    await expectShown(['2016', '2021', '2025']);
    expect(await arrow('Next').isDisabled()).toBe(true);
    await page.clock.runFor(900);
    // The keys work from Previous too.
    await arrow('Previous').focus();
    await page.keyboard.press('ArrowLeft');
    await expectShown(['2010', '2016', '2021']);
    expect(await arrow('Next').isDisabled()).toBe(false);
    await page.clock.runFor(900);
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(views).toEqual([]);
    // axe waits for fades frame by frame: the page's frames run again.
    await page.clock.resume();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('on a 1440 px desktop by keyboard: Next keeps the focus when it becomes unavailable at the end, says so, and ignores Enter; Left goes back from it (issue 49.2, APG)', async () => {
    const { page, errors, arrow, expectShown } = await galleryAsVisitorsGetIt({ viewport: { width: 1440, height: 900 } });
    await expectShown(['1998', '2004', '2010']);
    const next = arrow('Next');
    const nextHasFocus = () => next.evaluate((button) => button === document.activeElement);
    await arrow('Previous').evaluate((button) => button.closest('section')?.scrollIntoView());
    for (let tab = 0; tab < 60 && !(await nextHasFocus()); tab++) await page.keyboard.press('Tab');
    expect(await nextHasFocus()).toBe(true);
    for (const years of [['2004', '2010', '2016'], ['2010', '2016', '2021'], ['2016', '2021', '2025']]) {
      await page.keyboard.press('Enter');
      await expectShown(years);
      await page.clock.runFor(900);
    }
    // At the end: still focused (not the page's body), and a screen reader hears it is unavailable.
    expect(await nextHasFocus()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    expect(await next.isDisabled()).toBe(true);
    // Its look says so too: the quiet colours of an unavailable arrow.
    expect(await next.evaluate((button) => getComputedStyle(button).cursor)).toBe('default');
    await page.keyboard.press('Enter');
    await page.clock.runFor(900);
    await expectShown(['2016', '2021', '2025']);
    await page.keyboard.press('ArrowLeft');
    await expectShown(['2010', '2016', '2021']);
    expect(await nextHasFocus()).toBe(true);
    expect(await next.getAttribute('aria-disabled')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('on a 1440 px desktop by mouse: clicking Next to the end leaves the focus on it (issue 49.2)', async () => {
    const { page, errors, arrow, expectShown } = await galleryAsVisitorsGetIt({ viewport: { width: 1440, height: 900 } });
    const next = arrow('Next');
    for (const years of [['2004', '2010', '2016'], ['2010', '2016', '2021'], ['2016', '2021', '2025']]) {
      await next.click();
      await expectShown(years);
      await page.clock.runFor(900);
    }
    expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('the timeline before it measures (issue 49.7)', () => {
  it('on a 390 px phone, the prerendered timeline already shows one year, the width it keeps once its behaviour runs', async () => {
    const { page, context, errors } = await visit('about:blank', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const chunk = await holdChunk(context, 'widgets/Carousel/behaviour.ts');
    await page.goto('/gallery/');
    const island = page.locator('[data-widget="carousel"]');
    /** The first year's width as a share of the timeline's window. */
    const share = () =>
      timeline(page)
        .locator('.carousel__item')
        .first()
        .evaluate((item) => {
          const frame = item.closest('.carousel__viewport')?.getBoundingClientRect();
          return frame ? Math.round((item.getBoundingClientRect().width / frame.width) * 100) : 0;
        });
    expect(await island.getAttribute('data-island')).toBe('waiting');
    expect(await share()).toBe(100);
    await timeline(page).scrollIntoViewIfNeeded();
    expect(await yearsInView(page)).toEqual(['1998']);
    await expect.poll(() => chunk.requested).toBe(true);
    chunk.release();
    await expect.poll(() => island.getAttribute('data-island'), { timeout: 15_000 }).toBe('answering');
    expect(await share()).toBe(100);
    expect(await yearsInView(page)).toEqual(['1998']);
    expect(await visibleTitles(page)).toEqual(['1998']);
    expect(errors).toEqual([]);
  });
});
