// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TAB_ANIMATION_MS, tabsMachine } from '../../machines/tabs/tabs.machine';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import tabsBehaviour, { drawTabs } from './behaviour';
import tabs from './widget';

const CONTENT = {
  label: 'Our care',
  tabs: [
    { id: 'nursing', title: 'Nursing at home' },
    { id: 'room', title: 'The Harbour Room' },
    { id: 'respite', title: 'Respite' },
  ],
};
const SLOTS = { nursing: <p>Nurses</p>, room: <p>A room</p>, respite: <p>A weekend</p> };
const ids = CONTENT.tabs.map((tab) => tab.id);

/** The tabs island as the prerender writes it, with the tab at `initial` (1-based) open. */
const prerendered = (initial = 1) => renderToString(<Island widget={tabs} content={CONTENT} slots={SLOTS} settings={{ initial }} hydrate="idle" />);

cleanUpAnsweringPages();

const tabButtons = () => [...document.querySelectorAll<HTMLElement>('[role="tab"]')];
const panels = () => [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')];

describe('the tabs behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([0, 1, 2])('with tab %i open: the same tabs, selection, tab stops and panels as the view', (active) => {
    const snapshot = createActor(tabsMachine, { input: { ids, initial: active + 1 } }).getSnapshot();
    const host = document.createElement('div');
    host.innerHTML = prerendered(1);
    drawTabs(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, snapshot);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(prerendered(active + 1)));
    if (active > 0) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered(1)));
  });
});

describe('the tabs answer a first tap and key without their view (issue 35, goal 2)', () => {
  /** The page with the behaviour's chunk held back until `release`, and the view's loader counted. */
  function slowTabs() {
    return answeringPage(prerendered(1), tabs, tabsBehaviour);
  }

  it('a tap before the chunk arrives is acknowledged at once, then answered by the behaviour; React and the view never load', async () => {
    const { island, view, clock, release, controller } = slowTabs();
    const room = tabButtons()[1] as HTMLElement;
    room.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    room.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(room.hasAttribute('data-sc-pressed')).toBe(true);
    expect(room.getAttribute('aria-selected')).toBe('false');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(tabButtons().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(tabButtons().map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(panels().map((panel) => panel.hidden)).toEqual([true, false, true]);
    expect(panels()[1]?.dataset.state).toBe('opening');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(room.hasAttribute('data-sc-pressed')).toBe(false);
    clock.advanceBy(TAB_ANIMATION_MS);
    expect(panels()[1]?.dataset.state).toBeUndefined();
    expect(view).not.toHaveBeenCalled();
  });

  it('once answering, a click and the arrow keys go straight to it: focus moves with the selection', async () => {
    const { island, view, release, controller } = slowTabs();
    release();
    island.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    const [first, , third] = tabButtons();
    third?.click();
    expect(tabButtons().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    third?.focus();
    const key = new KeyboardEvent('keydown', { key: 'Home', bubbles: true, cancelable: true });
    third?.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    expect(tabButtons().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(document.activeElement).toBe(first);
    expect(panels().map((panel) => panel.hidden)).toEqual([false, true, true]);
    expect(view).not.toHaveBeenCalled();
  });

  it('activateAll() leaves them answering as a visitor gets them, without the view', async () => {
    const { island, view, release, controller } = slowTabs();
    release();
    await controller.activateAll();
    expect(island.dataset.island).toBe('answering');
    expect(view).not.toHaveBeenCalled();
  });

  it('hydrateAll() still brings the view, which takes over the state the behaviour drew', async () => {
    const { release, controller } = slowTabs();
    release();
    tabButtons()[2]?.click();
    await controller.settled();
    await controller.hydrateAll();
    const island = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    expect(island.dataset.island).toBe('hydrated');
    expect(tabButtons().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    tabButtons()[0]?.click();
    await vi.waitFor(() => expect(tabButtons().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']));
  });
});
