import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../support/browser';

 
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
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
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
