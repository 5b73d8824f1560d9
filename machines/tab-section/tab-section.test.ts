import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { HEIGHT_RECALC_DELAY_MS, TAB_SWITCH_DELAY_MS, tabSectionMachine, type TabSectionEvent } from './tab-section.machine';
import {
  MAX_HEIGHT_PADDING_PX,
  SWIPE_THRESHOLD_PX,
  activeColours,
  autoHeight,
  panelTabStops,
  slideOffset,
  stepIndex,
  stripPosition,
  swipeStep,
} from './tab-section.rules';

const IDS = ['nursing', 'play', 'respite', 'bereavement'];

interface Options {
  fragment?: string;
  rtl?: boolean;
  mobile?: boolean;
  autoHeight?: boolean;
  initial?: number;
  firstContentFocusable?: boolean[];
}

function start({ fragment = '', rtl = false, mobile = false, autoHeight: auto = false, initial = 1, firstContentFocusable }: Options = {}) {
  const clock = createTestClock();
  const log: string[] = [];
  let resize: (() => void) | undefined;
  const machine = tabSectionMachine.provide({
    actions: {
      setFragment: (_args, params) => void log.push(`fragment ${params.hash}`),
      announceStartAnimation: (_args, params) => void log.push(`start-animation ${params.index} at ${clock.now()}`),
      announceHeightChange: (_args, params) => void log.push(`height-change ${params.index} at ${clock.now()}`),
      measureLayout: () => void log.push(`measure at ${clock.now()}`),
    },
    actors: {
      environment: fromCallback<TabSectionEvent>(({ sendBack }) => {
        resize = () => sendBack({ type: 'page.resize' });
        sendBack({ type: 'page.load', fragment, rtl, mobile, firstContentFocusable });
        return () => {};
      }),
    },
  });
  const actor = createActor(machine, { input: { ids: IDS, initial, autoHeight: auto }, clock }).start();
  return { actor, clock, log, resize: () => resize?.() };
}

const ctx = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context;

describe('tab-section machine: fragment rules (§2)', () => {
  it('on load a fragment that matches a tab opens it, and the fragment is not written', () => {
    const { actor, log } = start({ fragment: '#respite' });
    expect(ctx(actor).active).toBe(2);
    expect(log.filter((l) => l.startsWith('fragment'))).toEqual([]);
  });

  it('on load without a matching fragment the active tab is re-clicked without touching the fragment', () => {
    const { actor, clock, log } = start({ fragment: '#contact', initial: 2 });
    expect(ctx(actor).active).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ tabs: 'switching', height: 'steady' });
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    expect(log).toEqual(['measure at 0', 'start-animation 1 at 600']);
  });

  it('a click sets the fragment to the tab’s link target', () => {
    const { actor, log } = start();
    actor.send({ type: 'tab.click', index: 3 });
    expect(ctx(actor).active).toBe(3);
    expect(log).toContain('fragment #bereavement');
  });

  it('arrow buttons set the fragment too (they click the neighbouring title)', () => {
    const { actor, log } = start();
    actor.send({ type: 'nav.next' });
    expect(log).toContain('fragment #play');
  });
});

describe('tab-section machine: switching (§4, §9)', () => {
  it('reads the load as soon as the runtime starts it (after its view has hydrated)', () => {
    const machine = tabSectionMachine.provide({
      actors: { environment: fromCallback<TabSectionEvent>(({ sendBack }) => void sendBack({ type: 'page.load', fragment: '#play', rtl: false, mobile: false })) },
    });
    const actor = createActor(machine, { input: { ids: IDS, initial: 1, autoHeight: false }, clock: createTestClock() });
    expect(actor.getSnapshot().value).toEqual({ tabs: 'loading', height: 'steady' });
    actor.start();
    expect(actor.getSnapshot().context.active).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ tabs: 'switching', height: 'steady' });
  });

  it('exactly one tab is active; a click makes another active', () => {
    const { actor } = start();
    actor.send({ type: 'tab.click', index: 1 });
    expect(ctx(actor).active).toBe(1);
    actor.send({ type: 'tab.click', index: 9 });
    expect(ctx(actor).active).toBe(1);
  });

  it('the start-animation event fires 600 ms after a switch, restarted by a new switch', () => {
    const { actor, clock, log } = start();
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    log.length = 0;
    actor.send({ type: 'tab.click', index: 1 });
    clock.advanceBy(TAB_SWITCH_DELAY_MS - 1);
    expect(log.some((l) => l.startsWith('start-animation'))).toBe(false);
    actor.send({ type: 'tab.click', index: 2 });
    clock.advanceBy(TAB_SWITCH_DELAY_MS - 1);
    expect(log.some((l) => l.startsWith('start-animation'))).toBe(false);
    clock.advanceBy(1);
    expect(log.filter((l) => l.startsWith('start-animation'))).toEqual(['start-animation 2 at 1799']);
    expect(actor.getSnapshot().value).toMatchObject({ tabs: 'shown' });
  });

  it('on non-mobile devices the other tabs’ animations are removed', () => {
    const { actor, clock } = start();
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    expect(ctx(actor).animated).toEqual([0]);
    actor.send({ type: 'tab.click', index: 1 });
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    expect(ctx(actor).animated).toEqual([1]);
  });

  it('on mobile the animations already started stay', () => {
    const { actor, clock } = start({ mobile: true });
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    actor.send({ type: 'tab.click', index: 1 });
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    expect(ctx(actor).animated).toEqual([0, 1]);
  });

  it('arrow buttons move one tab on every device and stop at the ends', () => {
    const { actor, log } = start();
    actor.send({ type: 'nav.prev' });
    expect(ctx(actor).active).toBe(0);
    for (let i = 0; i < 5; i++) actor.send({ type: 'nav.next' });
    expect(ctx(actor).active).toBe(3);
    expect(log.filter((l) => l.startsWith('fragment'))).toHaveLength(3);
  });
});

describe('tab-section machine: swipe (§4, §9 50 px)', () => {
  it('on mobile a leftward swipe of 50 px moves to the next tab, a rightward one back', () => {
    const { actor } = start({ mobile: true });
    actor.send({ type: 'touch.swipe', dx: -(SWIPE_THRESHOLD_PX - 1) });
    expect(ctx(actor).active).toBe(0);
    actor.send({ type: 'touch.swipe', dx: -SWIPE_THRESHOLD_PX });
    expect(ctx(actor).active).toBe(1);
    actor.send({ type: 'touch.swipe', dx: 80 });
    expect(ctx(actor).active).toBe(0);
  });

  it('on right-to-left pages the swipe direction is swapped', () => {
    const { actor } = start({ mobile: true, rtl: true });
    actor.send({ type: 'touch.swipe', dx: 60 });
    expect(ctx(actor).active).toBe(1);
    actor.send({ type: 'touch.swipe', dx: -60 });
    expect(ctx(actor).active).toBe(0);
  });

  it('swipes do nothing on non-mobile devices', () => {
    const { actor } = start({ mobile: false });
    actor.send({ type: 'touch.swipe', dx: -200 });
    expect(ctx(actor).active).toBe(0);
  });
});

describe('tab-section machine: auto-height (§4, §9)', () => {
  it('with auto-height the height-change event fires 600 ms after a switch', () => {
    const { actor, clock, log } = start({ autoHeight: true });
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    actor.send({ type: 'tab.click', index: 1 });
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    expect(log.filter((l) => l.startsWith('height-change'))).toEqual(['height-change 0 at 600', 'height-change 1 at 1200']);
  });

  it('without auto-height there is no height-change event', () => {
    const { actor, clock, log } = start();
    actor.send({ type: 'tab.click', index: 1 });
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    expect(log.some((l) => l.startsWith('height-change'))).toBe(false);
  });

  it('measures again 500 ms after the last resize', () => {
    const { clock, log, resize } = start({ autoHeight: true });
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    log.length = 0;
    resize();
    clock.advanceBy(300);
    resize();
    clock.advanceBy(HEIGHT_RECALC_DELAY_MS - 1);
    expect(log).toEqual([]);
    clock.advanceBy(1);
    expect(log).toEqual([`measure at ${TAB_SWITCH_DELAY_MS + 300 + HEIGHT_RECALC_DELAY_MS}`]);
  });

  it('stores what was measured; the active height plus 100 px is the max-height', () => {
    const { actor } = start({ autoHeight: true });
    actor.send({ type: 'layout.measure', heights: [320, 540, 200, 410], titles: [], viewport: 0 });
    actor.send({ type: 'tab.click', index: 1 });
    expect(autoHeight(ctx(actor).heights, ctx(actor).active)).toEqual({ height: 540, maxHeight: 540 + MAX_HEIGHT_PADDING_PX });
  });

  it('is switched from the first change of tab on, a fragment on load naming another included: the auto-height follows from then', () => {
    const { actor } = start({ autoHeight: true });
    expect(ctx(actor).switched).toBe(false);
    actor.send({ type: 'tab.click', index: 0 });
    actor.send({ type: 'nav.prev' });
    expect(ctx(actor).switched).toBe(false);
    actor.send({ type: 'nav.next' });
    actor.send({ type: 'tab.click', index: 0 });
    expect(ctx(actor)).toMatchObject({ active: 0, switched: true });
    expect(ctx(start({ fragment: '#play' }).actor).switched).toBe(true);
    expect(ctx(start({ fragment: '#nursing' }).actor).switched).toBe(false);
  });
});

describe('tab-section machine: panels in the Tab sequence (issue 23.3)', () => {
  it('a panel whose first content is not focusable is a tab stop once the load is read', () => {
    const { actor } = start({ firstContentFocusable: [false, true, false, false] });
    expect(ctx(actor).panelTabStops).toEqual([true, false, true, true]);
  });

  it('before the load (the prerendered state) no panel is a tab stop; unmeasured panels are', () => {
    const machine = tabSectionMachine.provide({ actors: { environment: fromCallback<TabSectionEvent>(() => () => {}) } });
    const actor = createActor(machine, { input: { ids: IDS, initial: 1, autoHeight: false }, clock: createTestClock() }).start();
    expect(actor.getSnapshot().context.panelTabStops).toEqual([]);
    expect(panelTabStops(undefined, 2)).toEqual([true, true]);
    expect(panelTabStops([true], 2)).toEqual([false, true]);
  });
});

describe('tab-section rules', () => {
  it('slides by (N-1) * -100 / count percent, positive on RTL pages', () => {
    expect(slideOffset(0, 4, false)).toBe(0);
    expect(slideOffset(2, 4, false)).toBe(-50);
    expect(slideOffset(3, 4, false)).toBe(-75);
    expect(slideOffset(2, 4, true)).toBe(50);
  });

  it('swipe steps need 50 px', () => {
    expect(swipeStep(-49, false)).toBe(0);
    expect(swipeStep(-50, false)).toBe(1);
    expect(swipeStep(50, false)).toBe(-1);
    expect(swipeStep(50, true)).toBe(1);
    expect(swipeStep(Number.NaN, false)).toBe(0);
    expect(stepIndex(0, -1, 4)).toBe(0);
  });

  it('centres the title strip on the active title and clamps it', () => {
    const titles = [0, 1, 2, 3, 4].map((i) => ({ start: i * 200, width: 200 }));
    expect(stripPosition(titles, 450, 0)).toEqual({ offset: 0, hiddenBefore: false, hiddenAfter: true });
    expect(stripPosition(titles, 450, 2)).toEqual({ offset: 275, hiddenBefore: true, hiddenAfter: true });
    expect(stripPosition(titles, 450, 4)).toEqual({ offset: 550, hiddenBefore: true, hiddenAfter: false });
  });

  it('shows no arrows when every title fits', () => {
    const titles = [0, 1].map((i) => ({ start: i * 100, width: 100 }));
    expect(stripPosition(titles, 600, 1)).toEqual({ offset: 0, hiddenBefore: false, hiddenAfter: false });
  });

  it('applies the active tab’s arrow and title colours', () => {
    const tabs = [{ arrowBackground: '#0b5e6b', titleColor: '#fff' }, {}];
    expect(activeColours(tabs, 0)).toEqual({ arrowBackground: '#0b5e6b', titleColor: '#fff' });
    expect(activeColours(tabs, 1)).toEqual({ arrowBackground: undefined, titleColor: undefined });
  });
});
