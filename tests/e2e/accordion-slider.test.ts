import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../support/browser';

 
const { visit } = useBrowser();

const places = (page: Page) => page.getByRole('group', { name: 'Places we care for children' });
const openPanel = (page: Page) =>
  places(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.filter((b) => b.getAttribute('aria-expanded') === 'true').map((b) => b.textContent));

describe('accordion image slider (§4, §9)', () => {
  it('autoplays every 5 s once, stopping on the last panel', async () => {
    const { page } = await visit('about:blank');
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto('/gallery/');
    await hydrated(page);
    expect(await openPanel(page)).toEqual(['The Harbour Room']);
    await page.clock.runFor(5000);
    expect(await openPanel(page)).toEqual(['The garden']);
    await page.clock.runFor(60_000);
    expect(await openPanel(page)).toEqual(['At home']);
  });

  it('the open panel follows the pointer; a click (or Enter) opens one too', async () => {
    const { page } = await visit('/gallery/');
    await hydrated(page);
    await places(page).locator('.accordion-slider__panel').nth(2).hover();
    await expect.poll(() => openPanel(page)).toEqual(['The reading corner']);
    // The move's (0 ms) transition ends on the paused clock before the next tap.
    await page.clock.runFor(100);
    await places(page).getByRole('button', { name: 'The garden' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => openPanel(page)).toEqual(['The garden']);
  });

  it('on a phone hovering changes nothing; a tap on a panel (or its header) opens it', async () => {
    const { page } = await visit('about:blank', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      hasTouch: true,
      viewport: { width: 390, height: 844 },
    });
    // Autoplay stays still: only the visitor moves the panels here.
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto('/gallery/');
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('sc-mobile'))).toBe(true);
    const panel = (index: number) => places(page).locator('.accordion-slider__panel').nth(index);
    await expect.poll(() => openPanel(page)).toEqual(['The Harbour Room']);

    await panel(2).hover();
    await panel(3).hover();
    // Let any frame or timer a hover could have started run (well short of the 5 s autoplay).
    await page.clock.runFor(100);
    expect(await openPanel(page)).toEqual(['The Harbour Room']);

    // A tap on the panel's picture, away from its header button.
    const box = await panel(2).boundingBox();
    if (!box) throw new Error('the panel has no box');
    await panel(2).tap({ position: { x: box.width - 8, y: box.height - 8 } });
    await expect.poll(() => openPanel(page)).toEqual(['The reading corner']);
    // The move's (0 ms) transition ends on the paused clock before the next tap.
    await page.clock.runFor(100);
    await places(page).getByRole('button', { name: 'At home' }).tap();
    await expect.poll(() => openPanel(page)).toEqual(['At home']);
  });
});
