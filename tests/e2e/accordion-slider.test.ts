import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, pauseClock, useBrowser } from '../support/browser';
import { chunkOf, holdChunk } from '../support/chunks';

 
const { visit } = useBrowser();

const places = (page: Page) => page.getByRole('group', { name: 'Places we care for children' });
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const openPanel = (page: Page) =>
  places(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.filter((b) => b.getAttribute('aria-expanded') === 'true').map((b) => b.textContent));

describe('accordion image slider (§4, §9)', () => {
  it('autoplays every 5 s once, stopping on the last panel', async () => {
    const { page } = await visit('about:blank');
    await pauseClock(page, 0);
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
      userAgent: IPHONE,
      hasTouch: true,
      viewport: { width: 390, height: 844 },
    });
    // Autoplay stays still: only the visitor moves the panels here.
    await pauseClock(page, 0);
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

/**
 * The panel the visitor sees open: the one more than twice as wide (desktop: a row of panels) or as
 * tall (phone: a column) as every other, once the CSS transition of the widths has ended; null while
 * none is.
 */
const wideOnScreen = (page: Page, size: 'width' | 'height') =>
  places(page)
    .locator('.accordion-slider__panel')
    .evaluateAll((panels, side) => {
      const sizes = panels.map((panel) => panel.getBoundingClientRect()[side]);
      const widest = sizes.indexOf(Math.max(...sizes));
      const wide = sizes.every((other, index) => index === widest || other * 2 < (sizes[widest] ?? 0));
      return wide ? (panels[widest]?.querySelector('button')?.textContent ?? null) : null;
    }, size);

/** What a screen reader is told: each header a button, only the open one expanded, controlling its text, the only text shown. */
async function expectAria(page: Page, open: string) {
  const headers = places(page).getByRole('button');
  const told = await headers.evaluateAll((buttons) =>
    buttons.map((button) => {
      const text = document.getElementById(button.getAttribute('aria-controls') ?? '');
      return [button.textContent, button.getAttribute('aria-expanded'), text?.hidden, text?.closest('section') === button.closest('section')];
    }),
  );
  expect(told).toEqual(['The Harbour Room', 'The garden', 'The reading corner', 'At home'].map((title) => [title, String(title === open), title !== open, true]));
}

describe('as visitors get it: the accordion slider answers as its behaviour, without React (issue 35, goal 2)', () => {
  it('on a 1440 px desktop by mouse and keyboard: autoplay stops on the last panel, the open panel follows the pointer, a click, Enter and the arrow keys open one; answering, its view never asked for', async () => {
    const { page, errors } = await visit('about:blank', { viewport: { width: 1440, height: 900 } });
    const viewChunk = chunkOf('widgets/AccordionSlider/widget.ts');
    const views: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === viewChunk) views.push(request.url());
    });
    await pauseClock(page, 0);
    await page.goto('/gallery/');
    const island = page.locator('[data-widget="accordion-slider"]');
    await places(page).scrollIntoViewIfNeeded();
    await expect.poll(() => island.getAttribute('data-island')).toBe('answering');
    await expect.poll(() => wideOnScreen(page, 'width')).toBe('The Harbour Room');
    await expectAria(page, 'The Harbour Room');

    // §9: every 5 s, once: it stops on the last panel.
    await page.clock.runFor(5000);
    await expect.poll(() => wideOnScreen(page, 'width')).toBe('The garden');
    await expectAria(page, 'The garden');
    await page.clock.runFor(60_000);
    await expect.poll(() => wideOnScreen(page, 'width')).toBe('At home');
    await expectAria(page, 'At home');

    // The open panel follows the pointer.
    await places(page).locator('.accordion-slider__panel').nth(2).hover();
    await expect.poll(() => wideOnScreen(page, 'width')).toBe('The reading corner');
    await expectAria(page, 'The reading corner');
    // The move's (0 ms) transition ends on the paused clock before the next move.
    await page.clock.runFor(100);
    await places(page).getByRole('button', { name: 'The Harbour Room' }).click();
    await expect.poll(() => openPanel(page)).toEqual(['The Harbour Room']);
    await page.clock.runFor(100);
    // Away from the slider: the keyboard alone.
    await page.mouse.move(5, 890);
    await places(page).getByRole('button', { name: 'The garden' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => wideOnScreen(page, 'width')).toBe('The garden');
    await expectAria(page, 'The garden');
    await page.clock.runFor(100);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => openPanel(page)).toEqual(['The reading corner']);
    await page.clock.runFor(100);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => wideOnScreen(page, 'width')).toBe('The garden');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('The garden');

    expect(await island.getAttribute('data-island')).toBe('answering');
    // axe schedules its own timers.
    await page.clock.resume();
    await expectNoAxeViolations(page);
    expect(views, 'the view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('on a 390 px phone by touch: a tap before the behaviour’s chunk arrives is acknowledged, then opens its panel; autoplay stops on the last; a tap on a header opens its panel; answering, its view never asked for', async () => {
    const { page, context, errors } = await visit('about:blank', { userAgent: IPHONE, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const viewChunk = chunkOf('widgets/AccordionSlider/widget.ts');
    const views: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === viewChunk) views.push(request.url());
    });
    const behaviour = await holdChunk(context, 'widgets/AccordionSlider/behaviour.ts');
    await pauseClock(page, 0);
    await page.goto('/gallery/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('sc-mobile'))).toBe(true);
    const island = page.locator('[data-widget="accordion-slider"]');
    const panel = (index: number) => places(page).locator('.accordion-slider__panel').nth(index);
    await places(page).scrollIntoViewIfNeeded();
    await expect.poll(() => behaviour.requested).toBe(true);
    await expect.poll(() => wideOnScreen(page, 'height')).toBe('The Harbour Room');

    // A tap on the panel's picture, away from its header button, while the chunk is on its way.
    const box = await panel(2).boundingBox();
    if (!box) throw new Error('the panel has no box');
    await panel(2).tap({ position: { x: box.width - 8, y: box.height - 8 } });
    expect(await island.getAttribute('aria-busy')).toBe('true');
    expect(await openPanel(page)).toEqual(['The Harbour Room']);
    behaviour.release();
    await expect.poll(() => island.getAttribute('data-island')).toBe('answering');
    await expect.poll(() => wideOnScreen(page, 'height')).toBe('The reading corner');
    expect(await island.getAttribute('aria-busy')).toBeNull();
    await expectAria(page, 'The reading corner');

    // §9: autoplay goes on from there every 5 s, once, and stops on the last panel.
    await page.clock.runFor(5000);
    await expect.poll(() => wideOnScreen(page, 'height')).toBe('At home');
    await page.clock.runFor(60_000);
    expect(await openPanel(page)).toEqual(['At home']);
    await expectAria(page, 'At home');

    // A tap on a header opens its panel (the header keeps focus, which holds autoplay: ARIA carousel).
    await places(page).getByRole('button', { name: 'The garden' }).tap();
    await expect.poll(() => wideOnScreen(page, 'height')).toBe('The garden');
    await expectAria(page, 'The garden');

    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(views, 'the view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });
});
