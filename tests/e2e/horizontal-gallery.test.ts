import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, useBrowser } from '../support/browser';

 
const { visit } = useBrowser();

const strip = (page: Page) => page.getByRole('region', { name: 'Pictures through the year' });
const active = (page: Page) => strip(page).locator('li').evaluateAll((items) => items.findIndex((item) => item.getAttribute('aria-current') === 'true'));

describe('horizontal gallery (§4, §5)', () => {
  it('empty initial: nothing active; next goes to the first; arrows hide at the ends (loop once); the active item is centred', async () => {
    const { page } = await visit('about:blank', { viewport: { width: 1280, height: 900 } });
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
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
