// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { tabsMachine } from '../../machines/tabs/tabs.machine';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import layoutTabsBehaviour, { drawLayoutTabs } from './behaviour';
import layoutTabs from './widget';

const CONTENT = {
  label: 'Referral steps',
  tabs: [
    { id: 'step-call', title: 'Call us' },
    { id: 'step-visit', title: 'First visit' },
    { id: 'step-plan', title: 'A plan' },
  ],
};
const SLOTS = { 'step-call': <p>Ring</p>, 'step-visit': <p>We come</p>, 'step-plan': <p>Together</p> };
const ids = CONTENT.tabs.map((tab) => tab.id);

/** The layout tabs island as the prerender writes it, with the tab at `initial` (1-based) open. */
const prerendered = (initial = 1) => renderToString(<Island widget={layoutTabs} content={CONTENT} slots={SLOTS} settings={{ initial }} hydrate="idle" />);

cleanUpAnsweringPages();

const tabButtons = () => [...document.querySelectorAll<HTMLElement>('[role="tab"]')];
const panels = () => [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
const dots = () => [...document.querySelectorAll<HTMLElement>('.sc-layout-tabs__dot')];
const current = () => dots().map((dot) => dot.getAttribute('aria-current'));

describe('the layout tabs behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([0, 1, 2])('with tab %i open: the same tabs, panels and current dot as the view', (active) => {
    const snapshot = createActor(tabsMachine, { input: { ids, initial: active + 1 } }).getSnapshot();
    const host = document.createElement('div');
    host.innerHTML = prerendered(1);
    drawLayoutTabs(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, snapshot);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(prerendered(active + 1)));
    if (active > 0) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered(1)));
  });
});

describe('the layout tabs answer a first tap, key and dot without their view (issue 35, goal 2)', () => {
  function slowLayoutTabs() {
    return answeringPage(prerendered(1), layoutTabs, layoutTabsBehaviour);
  }

  it('a dot tapped before the chunk arrives is acknowledged at once, then opens its tab; the view never loads', async () => {
    const { island, view, release, controller } = slowLayoutTabs();
    const third = dots()[2] as HTMLElement;
    third.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    third.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(current()).toEqual(['true', null, null]);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(tabButtons().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    expect(panels().map((panel) => panel.hidden)).toEqual([true, true, false]);
    expect(current()).toEqual([null, null, 'true']);
    expect(view).not.toHaveBeenCalled();
  });

  it('once answering, a tab click and the arrow keys move the tabs and the current dot together', async () => {
    const { island, view, release, controller } = slowLayoutTabs();
    release();
    island.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await controller.settled();
    const [first, second] = tabButtons();
    second?.click();
    expect(current()).toEqual([null, 'true', null]);
    second?.focus();
    const key = new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true });
    second?.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(first);
    expect(current()).toEqual(['true', null, null]);
    expect(panels().map((panel) => panel.hidden)).toEqual([false, true, true]);
    expect(view).not.toHaveBeenCalled();
  });

  it('hydrateAll() brings the view, which hydrates over the state the behaviour drew: no mismatch, and it answers from there', async () => {
    const reported = vi.spyOn(console, 'error');
    // A mismatch React recovers from is the runtime's warning (runtime/mount.tsx).
    const warned = vi.spyOn(console, 'warn');
    const { release, controller } = slowLayoutTabs();
    release();
    dots()[1]?.click();
    await controller.settled();
    await controller.hydrateAll();
    expect(document.querySelector<HTMLElement>('[data-widget]')?.dataset.island).toBe('hydrated');
    expect(current()).toEqual([null, 'true', null]);
    dots()[2]?.click();
    await vi.waitFor(() => expect(current()).toEqual([null, null, 'true']));
    expect(tabButtons().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    expect(reported).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
  });
});
