// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TOGGLE_ANIMATION_MS, togglesMachine } from '../../machines/toggles/toggles.machine';
import { startIslands } from '../../runtime/islands';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { StubIntersectionObserver } from '../../tests/support/intersection-observer';
import { answeringPage, cleanUpAnsweringPages, islandShape, stopAfterTest } from '../../tests/support/answering';
import togglesBehaviour, { drawToggles } from './behaviour';
import toggles from './widget';

const CONTENT = {
  toggles: [
    { id: 'cost', title: 'What does it cost?' },
    { id: 'who', title: 'Who can come?' },
    { id: 'when', title: 'When are you open?' },
  ],
};
const SLOTS = { cost: <p>Nothing</p>, who: <p>Every child</p>, when: <p>Weekdays</p> };
const ids = CONTENT.toggles.map((toggle) => toggle.id);

/** The toggles island as the prerender writes it, with the toggle at `initial` (1-based, 0 none) open. */
const prerendered = (initial = 0) => renderToString(<Island widget={toggles} content={CONTENT} slots={SLOTS} settings={{ initial }} hydrate="idle" />);

cleanUpAnsweringPages();

const buttons = () => [...document.querySelectorAll<HTMLElement>('.sc-toggles__button')];
const regions = () => [...document.querySelectorAll<HTMLElement>('[role="region"]')];

describe('the toggles behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([0, 1, 2, 3])('with toggle %i open (0: none): the same buttons, regions and items as the view', (initial) => {
    const snapshot = createActor(togglesMachine, { input: { ids, closeAll: false, initial } }).getSnapshot();
    const host = document.createElement('div');
    host.innerHTML = prerendered(0);
    drawToggles(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, snapshot);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(prerendered(initial)));
    if (initial > 0) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered(0)));
  });
});

describe('the toggles answer a first tap without their view (issue 35, goal 2)', () => {
  it('a tap before the chunk arrives is acknowledged, then opens its toggle; a second tap closes it; the view never loads', async () => {
    const page = answeringPage(prerendered(0), toggles, togglesBehaviour);
    const { controller } = page;
    const { island, view, clock, release } = page;
    const who = buttons()[1] as HTMLElement;
    who.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    who.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(who.getAttribute('aria-expanded')).toBe('false');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(buttons().map((button) => button.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false']);
    expect(regions().map((region) => region.hidden)).toEqual([true, false, true]);
    expect(regions()[1]?.dataset.state).toBe('opening');
    clock.advanceBy(TOGGLE_ANIMATION_MS);
    expect(regions()[1]?.dataset.state).toBeUndefined();
    who.click();
    expect(buttons().map((button) => button.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'false']);
    expect(regions().map((region) => region.hidden)).toEqual([true, true, true]);
    expect(view).not.toHaveBeenCalled();
  });
});

describe('the toggles behaviour is asked for as the page comes into use (issue 35, goal 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('near the viewport, at the visitor’s first input anywhere, ahead of the idle islands’ views; further away, when the browser is idle', async () => {
    vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
    const plain = renderToString(<Island widget={toggles} content={CONTENT} slots={SLOTS} settings={{}} hydrate="idle" />).replace('data-widget="toggles"', 'data-widget="plain"');
    document.body.innerHTML = `<main>${prerendered(0)}${prerendered(0)}${plain}</main>`;
    const [near, far] = [...document.querySelectorAll<HTMLElement>('[data-widget="toggles"]')];
    const clock = createTestClock();
    const behaviour = vi.fn(async () => ({ default: togglesBehaviour }));
    const view = vi.fn(async () => ({ default: toggles }));
    stopAfterTest(startIslands(document.body, { registry: { toggles: view, plain: view }, behaviours: { toggles: { answersInput: true, load: behaviour } }, clock }));
    const observer = StubIntersectionObserver.last;
    // Before the page is in use, an idle island is not even watched.
    expect(observer?.observed.size).toBe(0);
    window.dispatchEvent(new Event('scroll'));
    await vi.waitFor(() => expect(observer?.observed.has(near as HTMLElement)).toBe(true));
    observer?.report(near as HTMLElement, true);
    await vi.waitFor(() => expect(near?.dataset.island).toBe('answering'));
    expect(behaviour).toHaveBeenCalledTimes(1);
    expect(far?.dataset.island).toBe('waiting');
    expect(view).not.toHaveBeenCalled();
    // The rest wait for the browser to be idle: 200 ms on the clock in jsdom.
    clock.advanceBy(200);
    await vi.waitFor(() => expect(far?.dataset.island).toBe('answering'));
    await vi.waitFor(() => expect(view).toHaveBeenCalledTimes(1));
  });
});
