import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';

/**
 * Issue 50 in Chromium: the inspector's coverage view (a transition this page never took is drawn
 * dashed and listed beside the chart, and leaves both once the visitor takes it), and the timeline
 * as a developer uses it: a focus ring that shows, a drag that selects no text, the selected actor's
 * lane scrolled into the panel.
 */
const { visit } = useBrowser();
const WAIT_MS = 25_000;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: WAIT_MS });

async function inspect(path: string) {
  const { page, context, violations } = await visit('/language/', { viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT_MS);
  const opened = context.waitForEvent('page');
  await page.goto(path);
  const inspector = await opened;
  await inspector.setViewportSize({ width: 1280, height: 800 });
  await inspector.getByRole('heading', { name: 'sitecharts inspector' }).waitFor();
  await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
  return { page, inspector, violations };
}

const actorButton = (inspector: Page, name: RegExp) => inspector.getByRole('navigation', { name: 'Live actors' }).getByRole('button', { name });
const timeline = (inspector: Page) => inspector.getByRole('slider', { name: 'Timeline' });
const neverTaken = (inspector: Page) => inspector.getByRole('list', { name: /^Never taken on this page/ });
const dash = (edge: Locator) => edge.locator('polyline').evaluate((line) => getComputedStyle(line).strokeDasharray);

describe('the inspector: machine coverage and the timeline (issue 50)', () => {
  it('draws the tab switch this page never made dashed and lists it, and takes it off both once a tab is chosen', { timeout: 120_000 }, async () => {
    const { page, inspector, violations } = await inspect('/services/?inspect&clock=paused');
    // The button comes with the chart, once the page has sent the machine's definition; the list
    // re-renders as the islands hydrate, so the tabs actor is chosen until its chart shows.
    const tabs = actorButton(inspector, /^tabs-1/);
    await poll(() => tabs.count()).toBe(1);
    await poll(async () => {
      await tabs.click();
      return (await inspector.getByRole('heading', { name: /^tabs-1/ }).count()) + (await inspector.getByRole('button', { name: 'Coverage on this page' }).count());
    }).toBe(2);
    await inspector.getByRole('button', { name: 'Coverage on this page' }).click();
    expect(await inspector.getByRole('button', { name: 'Coverage on this page' }).getAttribute('aria-pressed')).toBe('true');

    const select = inspector.locator('[data-transition="tabs|tab.select|0"]').filter({ has: inspector.locator('polyline') }).first();
    await poll(() => select.getAttribute('data-missed')).toBe('true');
    expect(await dash(select)).not.toBe('none');
    await expect.poll(() => neverTaken(inspector).getByRole('listitem').filter({ hasText: /tab\.select \[isOtherTab\] → opening/ }).count()).toBe(1);
    expect(await neverTaken(inspector).getByRole('listitem').filter({ hasText: /tab\.select/ }).isVisible()).toBe(true);
    // The state the page started in is numbered: entered once.
    expect(await inspector.locator('[data-state="tabs.shown"]').getAttribute('data-entered')).toBe('1');

    await page.getByRole('tab', { name: 'The Harbour Room' }).click();
    await poll(() => select.getAttribute('data-missed')).toBeNull();
    expect(await dash(select)).toBe('none');
    expect(await neverTaken(inspector).getByRole('listitem').filter({ hasText: /tab\.select/ }).count()).toBe(0);
    await poll(() => inspector.locator('[data-state="tabs.opening"]').getAttribute('data-entered')).toBe('1');
    await expectNoAxeViolations(inspector);
    expect(violations).toEqual([]);
  });

  it('shows the timeline slider\'s focus around its panel, selects no text on a drag, and scrolls the selected actor\'s lane into view', { timeout: 120_000 }, async () => {
    const { inspector } = await inspect('/?inspect&clock=paused');
    const scroller = inspector.locator('.inspector__timeline-scroll');
    const lanes = scroller.locator('.timeline__lane');
    await poll(() => lanes.count()).toBeGreaterThan(8);

    // Focus: the ring is the panel's, all of it inside the window (the slider is taller than its panel).
    expect(await scroller.evaluate((box) => getComputedStyle(box).outlineStyle)).toBe('none');
    await timeline(inspector).focus();
    await inspector.keyboard.press('ArrowLeft');
    expect(await scroller.evaluate((box) => [getComputedStyle(box).outlineStyle, getComputedStyle(box).outlineWidth])).toEqual(['solid', '3px']);
    const panel = await scroller.boundingBox();
    expect(panel && panel.height).toBeGreaterThan(60);
    expect(panel && panel.x + panel.width).toBeLessThanOrEqual(1280);

    // A drag from a lane's label across the lanes selects nothing.
    const label = lanes.first().locator('text');
    const from = await label.boundingBox();
    if (!from) throw new Error('no lane label');
    await inspector.mouse.move(from.x + 2, from.y + 4);
    await inspector.mouse.down();
    await inspector.mouse.move(from.x + 400, from.y + 80, { steps: 8 });
    await inspector.mouse.up();
    expect(await inspector.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');

    // The last lane's actor, chosen in the list: its lane is marked and inside the panel.
    const last = lanes.last();
    const session = await last.getAttribute('data-session');
    await scroller.evaluate((box) => (box.scrollTop = 0));
    const hiddenBefore = await inViewOf(scroller, last);
    expect(hiddenBefore).toBe(false);
    const name = (await last.locator('text').textContent()) ?? '';
    await actorButton(inspector, new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)).first().click();
    await poll(() => inspector.locator(`.timeline__lane[data-session="${session}"]`).getAttribute('data-selected')).toBe('true');
    await poll(() => inViewOf(scroller, last)).toBe(true);
  });
});

/** Whether `item` lies wholly inside the scroll box's visible part. */
async function inViewOf(box: Locator, item: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([box.boundingBox(), item.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}
