import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, swipe, useBrowser } from '../support/browser';
import { chunkOf, holdChunk } from '../support/chunks';

/**
 * Issue 31 item 21: on /ar/ (right to left) on a phone, the tab section's arrows show before any
 * input where titles are hidden, and the first swipe, tap or arrow key made before the section has
 * loaded is kept and applied in the page's direction once it has. Issue 35, goal 2: the section's
 * behaviour answers it (`answering`): its view, and React, are never asked for. The chunks are held,
 * as on a slow phone, until the test lets them through (the view's for good).
 */
const { visit } = useBrowser();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const PHONE = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
};
const VIEW = 'widgets/TabSection/widget.ts';
const BEHAVIOUR = 'widgets/TabSection/behaviour.ts';
const [FIRST, SECOND] = ['التمريض المنزلي', 'المركز النهاري'];

const island = (page: Page) => page.locator('[data-widget="tab-section"]');
const selected = (page: Page) => page.getByRole('tablist', { name: 'خدماتنا', exact: true }).getByRole('tab', { selected: true }).textContent();

/** The panel a visitor sees: the one whose box lies across the screen's middle, and its heading's text. */
const panelOnScreen = (page: Page) =>
  page.evaluate(() => {
    const middle = window.innerWidth / 2;
    const shown = [...document.querySelectorAll<HTMLElement>('.sc-tab-section [role="tabpanel"]')].find((panel) => {
      const box = panel.getBoundingClientRect();
      return box.left < middle && box.right > middle;
    });
    return shown ? document.getElementById(shown.getAttribute('aria-labelledby') ?? '')?.textContent : undefined;
  });

async function open(holdBehaviour: boolean) {
  const visited = await visit('about:blank', PHONE);
  const view = await holdChunk(visited.context, VIEW);
  const behaviour = holdBehaviour ? await holdChunk(visited.context, BEHAVIOUR) : undefined;
  await visited.page.goto('/ar/');
  return { ...visited, view, behaviour };
}

describe('issue 31.21: the tab section on /ar/ before it has loaded (390 x 844 phone, right to left)', () => {
  it('before any input the next arrow shows on the left, in front, without the view; a tap on it opens the next tab, without the view', async () => {
    const { page, view, errors } = await open(false);
    await poll(() => island(page).getAttribute('data-island')).toBe('answering');
    const next = page.getByRole('button', { name: 'التبويب التالي', exact: true });
    await poll(() => next.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'التبويب السابق', exact: true }).isVisible()).toBe(false);
    // The strip's end edge is on the left on a right-to-left page; the arrow is on screen and on top.
    const box = await next.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 / 2 && box.width >= 24 && box.height >= 24).toBe(true);
    const onTop = await next.evaluate((button) => {
      const r = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(onTop).toBe(true);
    // Nothing of the view (nor React) loaded for that.
    expect(view.requested).toBe(false);
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts).not.toContainEqual(expect.stringContaining(chunkOf('runtime/mount.tsx')));

    await next.tap();
    await poll(() => selected(page)).toBe(SECOND);
    await poll(() => panelOnScreen(page)).toBe(SECOND);
    expect(new URL(page.url()).hash).toBe('#ar-day-centre');
    expect(await island(page).getAttribute('data-island')).toBe('answering');
    expect(view.requested).toBe(false);
    expect(errors).toEqual([]);
  });

  it('the first swipe, made before anything of the section has loaded, is kept and goes forward (rightwards on /ar/) once its behaviour arrives', async () => {
    const { page, view, behaviour, errors } = await open(true);
    await poll(() => panelOnScreen(page)).toBe(FIRST);
    expect(await island(page).getAttribute('data-island')).toBe('waiting');
    const viewport = await page.locator('.sc-tab-section__viewport').boundingBox();
    if (!viewport) throw new Error('the tab section is not on screen');
    await swipe(page, { x: viewport.x + viewport.width / 2 - 60, y: viewport.y + Math.min(viewport.height / 2, 60) }, 120, 2);
    // Kept until the behaviour arrives; then replayed to it.
    behaviour?.release();
    await poll(() => selected(page)).toBe(SECOND);
    await poll(() => panelOnScreen(page)).toBe(SECOND);
    expect(await page.locator('.sc-tab-section__track').evaluate((track) => (track as HTMLElement).style.transform)).toBe('translateX(25%)');
    expect(await island(page).getAttribute('data-island')).toBe('answering');
    expect(view.requested).toBe(false);
    expect(errors).toEqual([]);
  });

  it('arrow keys pressed on a tab before the behaviour has loaded are kept and move in the reading direction once it has', async () => {
    const { page, view, behaviour, errors } = await open(true);
    await poll(() => panelOnScreen(page)).toBe(FIRST);
    const first = page.getByRole('tab', { name: FIRST, exact: true });
    await first.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await island(page).getAttribute('data-island')).toBe('waiting');
    behaviour?.release();
    // ArrowLeft goes forward on a right-to-left page: twice, the third tab; focus follows.
    const third = 'دعم العائلة';
    await poll(() => selected(page)).toBe(third);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(third);
    await poll(() => panelOnScreen(page)).toBe(third);
    expect(await island(page).getAttribute('data-island')).toBe('answering');
    expect(view.requested).toBe(false);
    expect(errors).toEqual([]);
  });
});

/**
 * Records every layout shift the page makes without the visitor's input just before it (what counts
 * against docs/design.md's CLS budget), from the first paint on.
 */
const RECORD_SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
})()`;
const unpromptedShift = (page: Page) => page.evaluate(() => ((window as unknown as { __shifts: number[] }).__shifts ?? []).reduce((sum, value) => sum + value, 0));

/** A section's tab panels a screen reader is offered: Chromium's accessibility tree (inert ones are left out of it), by name. */
async function panelsInTree(page: Page, names: readonly string[]) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: Array<{ ignored: boolean; role?: { value: string }; name?: { value: string } }> };
  await cdp.detach();
  return nodes.filter((node) => !node.ignored && node.role?.value === 'tabpanel' && names.includes(node.name?.value ?? '')).map((node) => node.name?.value);
}

/**
 * What a visitor sees and is told of the section once its track has slid: the selected title, the
 * panel across the section's middle and on top there (nothing covers it), and the panels a screen
 * reader is offered (only that one: the others are inert).
 */
async function shown(page: Page, section: Locator, titles: readonly string[]) {
  await section.locator('.sc-tab-section__track').evaluate((track) => Promise.all(track.getAnimations().map((slide) => slide.finished)));
  const onScreen = await section.evaluate((root) => {
    const viewport = root.querySelector('.sc-tab-section__viewport')?.getBoundingClientRect();
    if (!viewport) return undefined;
    const [x, y] = [viewport.left + viewport.width / 2, viewport.top + Math.min(viewport.height / 2, 40)];
    const panel = [...root.querySelectorAll<HTMLElement>('[role="tabpanel"]')].find((candidate) => {
      const box = candidate.getBoundingClientRect();
      return box.left <= x && box.right >= x;
    });
    const hit = document.elementFromPoint(x, y);
    return {
      panel: panel ? document.getElementById(panel.getAttribute('aria-labelledby') ?? '')?.textContent : undefined,
      onTop: panel !== undefined && hit !== null && panel.contains(hit),
      inert: [...root.querySelectorAll('[role="tabpanel"]')].map((candidate) => candidate.hasAttribute('inert')),
    };
  });
  return {
    selected: await section.getByRole('tab', { selected: true }).textContent(),
    ...onScreen,
    inTree: await panelsInTree(page, titles),
  };
}

const PROGRAMMES = ['Specialist nursing', 'Play therapy', 'Music and art', 'Short breaks', 'Bereavement care'];
const SERVICES_AR = [FIRST, SECOND, 'دعم العائلة', 'استراحات قصيرة'];
/** The section's view chunk: a visitor never needs it. */
const viewRequests = (page: Page) => {
  const viewChunk = chunkOf(VIEW);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === viewChunk) asked.push(request.url());
  });
  return asked;
};
const inertExcept = (count: number, index: number) => Array.from({ length: count }, (_, i) => i !== index);

describe('as visitors get it: the tab section answers as its behaviour, without React (issue 35, goal 2)', () => {
  it('on /services/ on a 1440 px desktop with a mouse and the keyboard: titles, arrows and keys; each panel shown on top, the others inert; answering, no view', async () => {
    const { page, errors } = await visit('about:blank', { viewport: { width: 1440, height: 900 } });
    await page.addInitScript(RECORD_SHIFTS);
    const views = viewRequests(page);
    await page.goto('/services/');
    const section = page.locator('#programmes [data-widget="tab-section"]');
    await section.scrollIntoViewIfNeeded();
    await poll(() => section.getAttribute('data-island')).toBe('answering');
    const count = PROGRAMMES.length;
    expect(await shown(page, section, PROGRAMMES)).toEqual({ selected: PROGRAMMES[0], panel: PROGRAMMES[0], onTop: true, inert: inertExcept(count, 0), inTree: [PROGRAMMES[0]] });
    // At load nothing moved the page: the auto-height waits for the first switch (the view's did too).
    expect(await section.locator('.sc-tab-section__viewport').getAttribute('style')).toBeNull();
    expect(await unpromptedShift(page)).toBeLessThanOrEqual(0.01);

    // A click on a title.
    await section.getByRole('tab', { name: 'Play therapy' }).click();
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Play therapy');
    expect(await shown(page, section, PROGRAMMES)).toEqual({ selected: 'Play therapy', panel: 'Play therapy', onTop: true, inert: inertExcept(count, 1), inTree: ['Play therapy'] });
    expect(new URL(page.url()).hash).toBe('#programme-play');
    // §4 auto-height from the first switch: the active panel's height, 100 px more at most.
    const sizes = () =>
      section.locator('.sc-tab-section__viewport').evaluate((viewport) => {
        const style = (viewport as HTMLElement).style;
        return { height: parseFloat(style.height), maxHeight: parseFloat(style.maxHeight), panel: viewport.querySelector<HTMLElement>('[data-active="true"]')?.offsetHeight };
      });
    await poll(async () => (await sizes()).height).toBeGreaterThan(0);
    const tall = await sizes();
    expect([tall.height, tall.maxHeight]).toEqual([tall.panel, (tall.panel ?? 0) + 100]);
    // The active title's colour (§4).
    expect(await section.getByRole('tab', { name: 'Play therapy' }).evaluate((tab) => getComputedStyle(tab).getPropertyValue('--tab-title-color'))).toBe('#7a2e8c');

    // The keyboard (WAI-ARIA tabs): focus and selection move together.
    await section.getByRole('tab', { name: 'Play therapy' }).focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Music and art');
    await page.keyboard.press('End');
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Bereavement care');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Bereavement care');
    expect(await shown(page, section, PROGRAMMES)).toEqual({ selected: 'Bereavement care', panel: 'Bereavement care', onTop: true, inert: inertExcept(count, 4), inTree: ['Bereavement care'] });
    await page.keyboard.press('Home');
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Specialist nursing');
    expect(await section.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('tabindex')))).toEqual(['0', '-1', '-1', '-1', '-1']);
    // Tab from the selected title: the Next arrow (titles lie hidden past the strip's end), then its
    // panel (it starts with plain text: a tab stop itself).
    const [previous, next] = [section.getByRole('button', { name: 'Previous tab' }), section.getByRole('button', { name: 'Next tab' })];
    expect([await previous.isVisible(), await next.isVisible()]).toEqual([false, true]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Next tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe('programme-nursing-tab');

    // The arrows, by mouse: each shows only where titles lie hidden on its side.
    await next.click();
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Play therapy');
    await next.click();
    await next.click();
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Short breaks');
    await poll(() => previous.isVisible()).toBe(true);
    await previous.click();
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Music and art');
    expect(await shown(page, section, PROGRAMMES)).toEqual({ selected: 'Music and art', panel: 'Music and art', onTop: true, inert: inertExcept(count, 2), inTree: ['Music and art'] });
    expect(await next.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(138, 75, 0)');
    expect(await unpromptedShift(page)).toBeLessThanOrEqual(0.01);

    await expectNoAxeViolations(page);
    expect(await section.getAttribute('data-island')).toBe('answering');
    expect(views, 'view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('on /services/ on a 390 px phone by touch: taps on a title and an arrow, swipes both ways; answering, no view', async () => {
    const { page, errors } = await visit('about:blank', PHONE);
    await page.addInitScript(RECORD_SHIFTS);
    const views = viewRequests(page);
    await page.goto('/services/');
    const section = page.locator('#programmes [data-widget="tab-section"]');
    await section.scrollIntoViewIfNeeded();
    const count = PROGRAMMES.length;
    // The first tap may land before the behaviour's chunk: kept, and answered when it arrives.
    await section.getByRole('tab', { name: 'Play therapy' }).tap();
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Play therapy');
    expect(await section.getAttribute('data-island')).toBe('answering');
    expect(await shown(page, section, PROGRAMMES)).toEqual({ selected: 'Play therapy', panel: 'Play therapy', onTop: true, inert: inertExcept(count, 1), inTree: ['Play therapy'] });

    const next = section.getByRole('button', { name: 'Next tab' });
    await poll(() => next.isVisible()).toBe(true);
    await next.tap();
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Music and art');
    expect(new URL(page.url()).hash).toBe('#programme-music');
    // A swipe leftwards goes forward, rightwards back; shorter than 50 px, nothing (§4, §9).
    const swipeAcross = async (dx: number) => {
      const box = await section.locator('.sc-tab-section__viewport').boundingBox();
      if (!box) throw new Error('the tab section is not on screen');
      await swipe(page, { x: box.x + box.width / 2 - dx / 2, y: box.y + Math.min(box.height / 2, 60) }, dx, 2);
    };
    await swipeAcross(-120);
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Short breaks');
    await swipeAcross(-30);
    await swipeAcross(120);
    await poll(() => section.getByRole('tab', { selected: true }).textContent()).toBe('Music and art');
    expect(await shown(page, section, PROGRAMMES)).toEqual({ selected: 'Music and art', panel: 'Music and art', onTop: true, inert: inertExcept(count, 2), inTree: ['Music and art'] });
    // The strip follows the selection: the selected title lies inside the strip's window.
    const titleInWindow = () =>
      section.evaluate((root) => {
        const [title, window_] = [root.querySelector('[aria-selected="true"]'), root.querySelector('.sc-tab-section__window')].map((el) => el?.getBoundingClientRect());
        return title !== undefined && window_ !== undefined && title.left >= window_.left - 1 && title.right <= window_.right + 1;
      });
    await poll(titleInWindow).toBe(true);

    expect(await unpromptedShift(page)).toBeLessThanOrEqual(0.01);
    expect(await section.getAttribute('data-island')).toBe('answering');
    expect(views, 'view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('on /ar/ (right to left) on a 390 px phone by touch: the left arrow and a rightwards swipe go forward, a tap on a title in the strip opens it; answering, no view', async () => {
    const { page, errors } = await visit('about:blank', PHONE);
    await page.addInitScript(RECORD_SHIFTS);
    const views = viewRequests(page);
    await page.goto('/ar/');
    const section = island(page);
    await poll(() => section.getAttribute('data-island')).toBe('answering');
    const count = SERVICES_AR.length;
    expect(await shown(page, section, SERVICES_AR)).toEqual({ selected: FIRST, panel: FIRST, onTop: true, inert: inertExcept(count, 0), inTree: [FIRST] });
    expect(await unpromptedShift(page)).toBeLessThanOrEqual(0.01);

    const next = page.getByRole('button', { name: 'التبويب التالي', exact: true });
    await poll(() => next.isVisible()).toBe(true);
    await next.tap();
    await poll(() => selected(page)).toBe(SECOND);
    expect(await shown(page, section, SERVICES_AR)).toEqual({ selected: SECOND, panel: SECOND, onTop: true, inert: inertExcept(count, 1), inTree: [SECOND] });
    expect(await section.locator('.sc-tab-section__track').evaluate((track) => (track as HTMLElement).style.transform)).toBe('translateX(25%)');
    const viewport = await section.locator('.sc-tab-section__viewport').boundingBox();
    if (!viewport) throw new Error('the tab section is not on screen');
    await swipe(page, { x: viewport.x + viewport.width / 2 - 60, y: viewport.y + Math.min(viewport.height / 2, 60) }, 120, 2);
    await poll(() => selected(page)).toBe(SERVICES_AR[2]);
    expect(new URL(page.url()).hash).toBe('#ar-family');
    // A title in the strip's window (the first now lies past its right-hand edge, the strip's start).
    await section.getByRole('tab', { name: SECOND, exact: true }).tap();
    await poll(() => selected(page)).toBe(SECOND);
    expect(await shown(page, section, SERVICES_AR)).toEqual({ selected: SECOND, panel: SECOND, onTop: true, inert: inertExcept(count, 1), inTree: [SECOND] });

    await expectNoAxeViolations(page);
    expect(await section.getAttribute('data-island')).toBe('answering');
    expect(views, 'view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });
});
