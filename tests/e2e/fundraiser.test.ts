import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, useBrowser } from '../support/browser';

const { visit } = useBrowser();

/** 10 am at UTC-5 on 6 February 2027 (§3: month 1 in the markup is February). */
const SWIM_STARTS = Date.UTC(2027, 1, 6, 15, 0);

/** The home page with Playwright's clock paused at `at`: time moves only with runFor. */
async function home(at: number, options: Parameters<typeof visit>[1] = {}) {
  const visited = await visit('about:blank', options);
  await visited.page.clock.install({ time: at - 1000 });
  await visited.page.clock.pauseAt(at);
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
