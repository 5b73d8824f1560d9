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
    await places(page).getByRole('button', { name: 'The garden' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => openPanel(page)).toEqual(['The garden']);
  });
});
