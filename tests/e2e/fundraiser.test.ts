import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, pauseClock, useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';

const { visit } = useBrowser();

/** 10 am at UTC-5 on 6 February 2027 (§3: month 1 in the markup is February). */
const SWIM_STARTS = Date.UTC(2027, 1, 6, 15, 0);

/** The home page with Playwright's clock paused at `at`: time moves only with runFor. */
async function home(at: number, options: Parameters<typeof visit>[1] = {}) {
  const visited = await visit('about:blank', options);
  await pauseClock(visited.page, at - 1000);
  await visited.page.goto('/');
  await hydrated(visited.page);
  return visited;
}

const timerText = async (page: Page) =>
  (await page.getByRole('timer', { name: 'Time until the Midwinter Harbour Swim' }).locator('li').allTextContents()).join(' ');

describe('home: the countdown to the next fundraiser (§3, §4, §9)', () => {
  it('shows weeks to seconds with singular labels only for 1, and ticks every second', async () => {
    const { page, errors } = await home(SWIM_STARTS - (14 + 1) * 86_400_000 - 3_600_000 - 60_000 - 5_000);
    await expect.poll(() => timerText(page)).toBe('2 Weeks 1 Day 1 Hour 1 Minute 5 Seconds');
    await page.clock.runFor(1000);
    await expect.poll(() => timerText(page)).toBe('2 Weeks 1 Day 1 Hour 1 Minute 4 Seconds');
    expect(errors).toEqual([]);
  });

  it('stops once the start has passed and says so', async () => {
    const { page } = await home(SWIM_STARTS - 3_000);
    await expect.poll(() => timerText(page)).toBe('0 Weeks 0 Days 0 Hours 0 Minutes 3 Seconds');
    await page.clock.runFor(3000);
    await expect.poll(() => page.getByText('The Midwinter Harbour Swim has begun.').isVisible()).toBe(true);
    expect(await page.getByRole('timer').count()).toBe(0);
  });
});

describe('home: numbers and appeal progress (§3 Animated number, §9)', () => {
  it('counters count up to the final number over 3000 ms once scrolled into view', async () => {
    const { page } = await home(Date.UTC(2026, 10, 22));
    const first = page.locator('.animated-number__value').first();
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.animated-number').first().getAttribute('data-state')).toBe('counting');
    expect(await first.textContent()).toBe('0');
    await page.clock.runFor(1500);
    const midway = Number((await first.textContent())?.replace(/,/g, ''));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(4862);
    await page.clock.runFor(1600);
    await expect.poll(() => first.textContent()).toBe('4,862');
  });

  it('reduced motion shows the final numbers and full bars at once', async () => {
    const { page } = await home(Date.UTC(2026, 10, 22), { reducedMotion: 'reduce' });
    await page.locator('.progress-bars').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.animated-number__value').allTextContents()).toEqual(['4,862', '1,275', '318']);
    await expect.poll(() => page.locator('.progress-bars__bar.is-revealed').count()).toBe(3);
  });

  it('progress bars are progressbars that fill 250 ms apart', async () => {
    const { page } = await home(Date.UTC(2026, 10, 22));
    const bars = page.getByRole('progressbar');
    expect(await bars.count()).toBe(3);
    expect(await bars.first().getAttribute('aria-valuenow')).toBe('82');
    expect(await page.getByRole('progressbar', { name: 'Night nursing for the islands' }).getAttribute('aria-valuetext')).toBe('$41,000 of $50,000');
    await page.locator('.progress-bars').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.progress-bars').getAttribute('data-state')).toBe('starting');
    expect(await page.locator('.progress-bars__bar.is-revealed').count()).toBe(0);
    await page.clock.runFor(1);
    await expect.poll(() => page.locator('.progress-bars__bar.is-revealed').count()).toBe(1);
    await page.clock.runFor(249);
    await expect.poll(() => page.locator('.progress-bars__bar.is-revealed').count()).toBe(2);
    await page.clock.runFor(250);
    await expect.poll(() => page.locator('.progress-bars__bar.is-revealed').count()).toBe(3);
  });

  it('the home page passes axe once every widget has run', async () => {
    const { page } = await visit('/', { waitForHydration: true, reducedMotion: 'reduce' });
    await page.locator('.progress-bars').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.progress-bars__bar.is-revealed').count()).toBe(3);
    await expectNoAxeViolations(page);
  });

  it('reads with JS off: the date in words, the final numbers, the full bars', async () => {
    const { page } = await visit('/', { javaScriptEnabled: false });
    await expect.poll(() => page.getByText('Saturday 6 February 2027 at 10 am').isVisible()).toBe(true);
    expect(await page.locator('.animated-number__value').first().textContent()).toBe('4,862');
    const width = await page.locator('.progress-bars__fill').first().evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(100);
  });
});

/** The views of the widgets that run as behaviours on the home page's counters, countdown and bars (issue 35). */
const VIEWS = ['widgets/AnimatedNumber/widget.ts', 'widgets/Countdown/widget.ts', 'widgets/ProgressBars/widget.ts'];

describe('as visitors get them: the counters, the countdown and the appeal bars run as behaviours, without their views (issue 35)', () => {
  it.each([
    { device: 'a 1440 px desktop with a mouse', options: { viewport: { width: 1440, height: 900 } }, touch: false },
    { device: 'a 390 px phone by touch', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, touch: true },
  ])('on $device: scrolled to, they count, tick and fill as their views did, a tap on them loads nothing, and no view of theirs is asked for', async ({ options, touch }) => {
    const { page, errors } = await visit('about:blank', options);
    const views = new Set(VIEWS.map(chunkOf));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (views.has(new URL(request.url()).pathname)) asked.push(request.url());
    });
    // 2 weeks, 1 day, 1 hour, 1 minute and 10 seconds before the swim; time moves only with runFor.
    await pauseClock(page, SWIM_STARTS - (14 + 1) * 86_400_000 - 3_600_000 - 60_000 - 11_000);
    await page.goto('/');
    await page.waitForFunction(() => window.sitecharts !== undefined);
    const press = (locator: Locator) => (touch ? locator.tap() : locator.click());

    const numbers = page.locator('.animated-number__value');
    await numbers.first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.animated-number').first().getAttribute('data-state')).toBe('counting');
    expect(await page.locator('[data-widget="animated-number"]').first().getAttribute('data-island')).toBe('answering');
    await press(numbers.first());
    await page.clock.runFor(3_100);
    await expect.poll(() => numbers.allTextContents()).toEqual(['4,862', '1,275', '318']);
    expect(await numbers.first().isVisible()).toBe(true);
    // The counting digits are for the eye; a screen reader reads the final number, once.
    expect(await numbers.first().getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('.animated-number .visually-hidden').allTextContents()).toEqual(['4,862', '1,275', '318']);

    const timer = page.getByRole('timer', { name: 'Time until the Midwinter Harbour Swim' });
    await timer.scrollIntoViewIfNeeded();
    await expect.poll(() => timerText(page)).toMatch(/^2 Weeks 1 Day 1 Hour 1 Minute \d+ Seconds$/);
    expect(await page.locator('[data-widget="countdown"]').getAttribute('data-island')).toBe('answering');
    const before = await timerText(page);
    await press(timer);
    await page.clock.runFor(1_000);
    await expect.poll(() => timerText(page)).not.toBe(before);
    expect(await timer.getAttribute('aria-live')).toBeNull();

    const bars = page.locator('.progress-bars');
    await bars.scrollIntoViewIfNeeded();
    await expect.poll(() => bars.getAttribute('data-state')).not.toBe('waiting');
    expect(await page.locator('[data-widget="progress-bars"]').getAttribute('data-island')).toBe('answering');
    await page.clock.runFor(600);
    await expect.poll(() => page.locator('.progress-bars__bar.is-revealed').count()).toBe(3);
    await press(page.getByRole('progressbar').first());
    const night = page.getByRole('progressbar', { name: 'Night nursing for the islands' });
    expect(await night.getAttribute('aria-valuenow')).toBe('82');
    expect(await night.getAttribute('aria-valuemin')).toBe('0');
    expect(await night.getAttribute('aria-valuemax')).toBe('100');
    expect(await night.getAttribute('aria-valuetext')).toBe('$41,000 of $50,000');
    // Each fill grows (an 800 ms CSS transition, on the browser's own time) to its share of the track.
    const shares = () => page.locator('.progress-bars__track').evaluateAll((tracks) => tracks.map((track) => Math.round((100 * (track.firstElementChild?.getBoundingClientRect().width ?? 0)) / track.getBoundingClientRect().width)));
    await expect.poll(shares).toEqual([82, 57, 34]);

    expect(await page.locator('[data-widget="animated-number"], [data-widget="countdown"], [data-widget="progress-bars"]').evaluateAll((islands) => islands.map((island) => island.getAttribute('data-island')))).toEqual(['answering', 'answering', 'answering', 'answering', 'answering']);
    expect(asked, 'their views asked for').toEqual([]);
    // axe waits for the fades to end, on a running clock.
    await page.clock.resume();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
