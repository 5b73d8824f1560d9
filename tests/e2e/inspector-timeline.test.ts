import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { currentSlide, hero } from '../support/hero';

/**
 * Issue 29: the inspector across time, on the real site in Chromium: the timeline, the context tree,
 * the page following the timeline while paused, every actor with its children, islands not loaded yet.
 */
const { visit } = useBrowser();
/** Eight checkouts share two cores: these tests wait longer than the e2e defaults before failing. */
const WAIT_MS = 25_000;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: WAIT_MS });

async function inspect(path: string, { hydrate = true } = {}) {
  const { page, context, violations } = await visit('/language/', { viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT_MS);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const opened = context.waitForEvent('page');
  await page.goto(path);
  const inspector = await opened;
  await inspector.getByRole('heading', { name: 'sitecharts inspector' }).waitFor();
  if (hydrate) await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
  return { page, inspector, requests, violations };
}

const actorButton = (inspector: Page, name: RegExp) => inspector.getByRole('navigation', { name: 'Live actors' }).getByRole('button', { name });
const selectedTab = (page: Page) => page.getByRole('tab', { selected: true }).first();
const contextLine = (inspector: Page, key: string) => inspector.getByRole('list', { name: 'Context of tabs-1' }).locator(`li[data-path="${key}"]`);
const timeline = (inspector: Page) => inspector.getByRole('slider', { name: 'Timeline' });
const stepCount = async (inspector: Page) => Number(await timeline(inspector).getAttribute('aria-valuemax'));
/** The slide group the visitor sees: not hidden from assistive technology, and visible. */
const shownSlide = (page: Page, n: number) => hero(page).getByRole('group', { name: new RegExp(`^${n} of \\d+`), includeHidden: true });

describe('the inspector across time (issue 29)', () => {
  it('a tab switch shows in the context tree; scrubbing back shows the old tab in the chart and on the page; resuming shows the present', async () => {
    const { page, inspector, requests, violations } = await inspect('/services/?inspect&clock=paused');
    const tabs = actorButton(inspector, /^tabs-1/);
    await poll(() => tabs.count()).toBe(1);
    await tabs.click();
    const before = await selectedTab(page).textContent();
    await poll(() => contextLine(inspector, 'active').textContent()).toMatch(/^active: 0/);

    await page.getByRole('tab', { name: 'The Harbour Room' }).click();
    await poll(() => selectedTab(page).textContent()).toBe('The Harbour Room');
    // The context tree shows the new active tab, marked as changed; the chart shows the entrance (paused clock).
    await poll(() => contextLine(inspector, 'active').getAttribute('data-changed')).toBe('true');
    const active = Number(/active: (\d+)/.exec((await contextLine(inspector, 'active').textContent()) ?? '')?.[1]);
    expect(active).toBeGreaterThan(0);
    expect(await contextLine(inspector, 'active').textContent()).toContain('(changed)');
    expect(await inspector.getByTestId('current-state').textContent()).toBe('"opening"');
    expect(await inspector.locator('[data-state="tabs.opening"]').getAttribute('data-active')).toBe('true');

    // Back one event at a time with the keyboard, to the step before the tab.select.
    const select = inspector.getByRole('table').getByRole('row').filter({ hasText: 'tab.select' }).first();
    const number = Number(await select.getByRole('button').textContent());
    await timeline(inspector).focus();
    for (let i = 0; i < 50 && Number(await timeline(inspector).getAttribute('aria-valuenow')) >= number; i++) await inspector.keyboard.press('ArrowLeft');
    expect(Number(await timeline(inspector).getAttribute('aria-valuenow'))).toBe(number - 1);
    await poll(() => inspector.getByTestId('current-state').textContent()).toBe('"shown"');
    expect(await inspector.locator('[data-state="tabs.shown"]').getAttribute('data-active')).toBe('true');
    expect(await contextLine(inspector, 'active').textContent()).toMatch(/^active: 0/);
    // The page follows: its view renders the recorded snapshot, the old tab selected and shown.
    await poll(() => selectedTab(page).textContent()).toBe(before);
    expect(await page.getByRole('tabpanel', { name: before ?? '' }).isVisible()).toBe(true);

    // One step forward (the keyboard again): the Harbour Room, on the page too.
    await inspector.keyboard.press('ArrowRight');
    await poll(() => selectedTab(page).textContent()).toBe('The Harbour Room');
    await inspector.keyboard.press('Home');
    await poll(() => selectedTab(page).textContent()).toBe(before);
    // Resuming from the present: the page shows its live state again and follows it.
    await inspector.getByRole('button', { name: 'Resume from the present' }).click();
    await poll(() => selectedTab(page).textContent()).toBe('The Harbour Room');
    await poll(() => inspector.getByTestId('step').textContent()).toMatch(/^Present: /);

    expect(requests.every((url) => new URL(url).hostname === '127.0.0.1')).toBe(true);
    await expectNoAxeViolations(inspector);
    expect(violations).toEqual([]);
  }, 180_000);

  it('a click on the timeline goes to that moment', async () => {
    const { page, inspector } = await inspect('/services/?inspect&clock=paused');
    const tabs = actorButton(inspector, /^tabs-1/);
    await poll(() => tabs.count()).toBe(1);
    await tabs.click();
    const before = await selectedTab(page).textContent();
    await page.getByRole('tab', { name: 'The Harbour Room' }).click();
    await poll(() => contextLine(inspector, 'active').getAttribute('data-changed')).toBe('true');
    // The left end of the axis: before the tab was switched.
    const box = await timeline(inspector).locator('svg').boundingBox();
    // The panel scrolls the selected actor's lane into view (issue 50): the click lands in what it shows.
    const panel = await timeline(inspector).locator('xpath=..').boundingBox();
    if (!box || !panel) throw new Error('the timeline is not laid out');
    await inspector.mouse.click(box.x + 155, Math.max(box.y, panel.y) + 10);
    await poll(() => inspector.getByTestId('step').textContent()).toMatch(/^Step /);
    await poll(() => selectedTab(page).textContent()).toBe(before);
  }, 120_000);

  it('lists every actor with its children and state, and the islands not loaded yet with a Load button', async () => {
    const { inspector } = await inspect('/dosing/?inspect', { hydrate: false });
    const notLoaded = inspector.getByRole('list', { name: 'Islands not loaded yet' });
    const load = notLoaded.getByRole('button', { name: /^Load dosing-filter/ });
    await poll(() => load.count()).toBe(1);
    expect(await notLoaded.getByRole('listitem').filter({ hasText: 'dosing-filter' }).textContent()).toContain('not loaded');
    await expectNoAxeViolations(inspector);
    await load.click();
    const dosing = actorButton(inspector, /^dosing-filter-1/);
    await poll(() => dosing.count()).toBe(1);
    expect(await dosing.textContent()).toContain('"unfiltered"');
    await poll(() => load.count()).toBe(0);

    const { inspector: services } = await inspect('/services/?inspect');
    const tabs = actorButton(services, /^tabs-1/);
    await poll(() => tabs.count()).toBe(1);
    // Its location adapter is an invoked callback actor: listed under it, with its state.
    const children = services.getByRole('list', { name: 'Children of tabs-1' }).getByRole('button');
    await poll(() => children.count()).toBeGreaterThan(0);
    expect(await children.first().textContent()).toContain('running');
  }, 120_000);

  it('fits 1280 x 800: nothing runs off the right edge', async () => {
    const { inspector } = await inspect('/?inspect&clock=paused');
    const slideshow = actorButton(inspector, /^slideshow-1/);
    await poll(() => slideshow.count()).toBe(1);
    await slideshow.click();
    await poll(() => inspector.getByRole('img', { name: 'Statechart of slideshow-1' }).count()).toBe(1);
    const overflow = await inspector.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const chart = await inspector.getByRole('img', { name: 'Statechart of slideshow-1' }).boundingBox();
    expect((chart?.x ?? 0) + (chart?.width ?? 0)).toBeLessThanOrEqual(1280);
    // Zoomed in, the chart pans inside its panel; the window still does not scroll sideways.
    await inspector.getByRole('button', { name: 'Zoom in' }).click();
    await inspector.getByRole('button', { name: 'Zoom in' }).click();
    expect(await inspector.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(inspector);
  }, 120_000);

  it('resumes from a past step: the page shows that tab, the old future is dropped, and a different tab can be chosen from there', async () => {
    const { page, inspector, violations } = await inspect('/services/?inspect&clock=paused');
    const tabs = actorButton(inspector, /^tabs-1/);
    await poll(() => tabs.count()).toBe(1);
    await tabs.click();
    const before = (await selectedTab(page).textContent()) ?? '';
    await page.getByRole('tab', { name: 'The Harbour Room' }).click();
    await poll(() => contextLine(inspector, 'active').getAttribute('data-changed')).toBe('true');
    const select = inspector.getByRole('table').getByRole('row').filter({ hasText: 'tab.select' }).first();
    const number = Number(await select.getByRole('button').textContent());
    const stepsBefore = await stepCount(inspector);
    await select.getByRole('button').click();
    await timeline(inspector).focus();
    await inspector.keyboard.press('ArrowLeft');
    expect(Number(await timeline(inspector).getAttribute('aria-valuenow'))).toBe(number - 1);
    await poll(() => selectedTab(page).textContent()).toBe(before);

    await inspector.getByRole('button', { name: 'Resume from here' }).click();
    await poll(() => inspector.getByTestId('step').textContent()).toMatch(/^Present: /);
    const branch = (await inspector.getByTestId('branch').textContent()) ?? '';
    const dropped = Number(/: (\d+) later step/.exec(branch)?.[1]);
    expect(dropped).toBe(stepsBefore - (number - 1));
    expect(await stepCount(inspector)).toBe(number - 1);
    // The page runs from that moment: the old tab selected and its panel shown, the Harbour Room not.
    expect(await selectedTab(page).textContent()).toBe(before);
    expect(await page.getByRole('tabpanel', { name: before }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'The Harbour Room' }).getAttribute('aria-selected')).toBe('false');
    expect(await inspector.getByTestId('current-state').textContent()).toBe('"shown"');
    expect(await contextLine(inspector, 'active').textContent()).toMatch(/^active: 0/);

    // A different event from there: another tab. It is live: the page, the context and the timeline follow.
    const names = await page.getByRole('tab').allTextContents();
    const other = names.find((name) => name !== before && name !== 'The Harbour Room');
    if (!other) throw new Error('the services page needs three tabs');
    await page.getByRole('tab', { name: other }).click();
    await poll(() => selectedTab(page).textContent()).toBe(other);
    expect(await page.getByRole('tabpanel', { name: other }).isVisible()).toBe(true);
    await poll(() => contextLine(inspector, 'active').getAttribute('data-changed')).toBe('true');
    expect(await contextLine(inspector, 'active').textContent()).toMatch(new RegExp(`^active: ${names.indexOf(other)}`));
    expect(await stepCount(inspector)).toBeGreaterThan(number - 1);
    await expectNoAxeViolations(inspector);
    expect(await inspector.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(violations).toEqual([]);
  }, 180_000);

  it('resumes the hero slideshow with its autoplay timer pending: the next timer shows the slide that came next', async () => {
    // As visitors get it (no hydrateAll): the hero's behaviour answers until the timeline is scrubbed,
    // which hydrates its view (hydrateBehaviours) to render the pinned moments.
    const { page, inspector } = await inspect('/?inspect&clock=paused', { hydrate: false });
    const island = page.locator('#hero-slideshow');
    const slideshow = actorButton(inspector, /^slideshow-1/);
    await poll(() => slideshow.count()).toBe(1);
    await slideshow.click();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('#hero-slideshow .slideshow__slide.is-current img')].every((image) => image.complete));
    const clockText = () => inspector.getByRole('group', { name: 'Page clock' }).locator('span').first().textContent();
    // Seconds on the paused clock until the autoplay has shown slide 2, then slide 3.
    const runUntil = async (slide: number) => {
      for (let i = 0; i < 40 && (await currentSlide(page)) !== slide; i++) {
        const shown = await clockText();
        await inspector.getByRole('button', { name: '+1 s' }).click();
        await poll(clockText).not.toBe(shown);
      }
      await poll(() => currentSlide(page)).toBe(slide);
    };
    await runUntil(2);
    await runUntil(3);
    expect(await island.getAttribute('data-island')).toBe('answering');

    // Back, one event at a time, to the last step at slide 2 (its context: current 1).
    const current = inspector.getByRole('list', { name: 'Context of slideshow-1' }).locator('li[data-path="current"]');
    await timeline(inspector).focus();
    for (let i = 0; i < 200 && !/^current: 1\b/.test((await current.textContent()) ?? ''); i++) await inspector.keyboard.press('ArrowLeft');
    expect(await current.textContent()).toMatch(/^current: 1\b/);
    await poll(() => island.getAttribute('data-island')).toBe('hydrated');
    await poll(() => currentSlide(page)).toBe(2);

    await inspector.getByRole('button', { name: 'Resume from here' }).click();
    await poll(() => inspector.getByTestId('step').textContent()).toMatch(/^Present: /);
    // The page renders the resumed moment after the inspector says so: polled, not read once.
    await poll(() => currentSlide(page)).toBe(2);
    await poll(() => shownSlide(page, 2).getAttribute('aria-hidden')).toBe('false');
    await poll(() => shownSlide(page, 3).getAttribute('aria-hidden')).toBe('true');
    await poll(() => shownSlide(page, 2).isVisible()).toBe(true);
    await poll(clockText).toMatch(/[1-9]\d* timers? pending/);

    // The autoplay's timer was pending at that moment: the next timer shows slide 3 again.
    for (let i = 0; i < 5 && (await currentSlide(page)) === 2; i++) {
      const shown = await clockText();
      await inspector.getByRole('button', { name: 'Next timer' }).click();
      await poll(clockText).not.toBe(shown);
    }
    await poll(() => currentSlide(page)).toBe(3);
    await poll(() => shownSlide(page, 3).getAttribute('aria-hidden')).toBe('false');
    await expectNoAxeViolations(inspector);
  }, 240_000);
});
