import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { sliderMachine, type SliderEvent, type SliderInput } from './slider.machine';
import { IMAGE_CHECK_INTERVAL_MS, VIDEO_NUDGE_MS } from './slider.rules';

const BASE: SliderInput = {
  count: 5,
  initial: 0,
  autoplay: false,
  intervalMs: 5000,
  loopAutoplay: 'once',
  loopManual: 'endless',
  transitionMs: 900,
  manualStopsAutoplay: true,
};

function start(overrides: Partial<SliderInput> = {}, options: { imagesReady?: () => boolean } = {}) {
  const clock = createTestClock();
  const nudges: number[] = [];
  const machine = sliderMachine.provide({
    guards: { imagesReady: options.imagesReady ?? (() => true) },
    actions: { pauseEndedVideo: () => void nudges.push(clock.now()) },
  });
  const actor = createActor(machine, { input: { ...BASE, ...overrides }, clock }).start();
  const ctx = () => actor.getSnapshot().context;
  const autoplayState = () => {
    const value = actor.getSnapshot().value;
    return typeof value === 'object' && 'running' in value ? (value.running as { autoplay: string }).autoplay : 'preparing';
  };
  return { actor, clock, ctx, autoplayState, nudges };
}

describe('slider core: image-load check (§9)', () => {
  it('starts at once when the images are loaded', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('running')).toBe(true);
  });

  it('probes every 500 ms and starts on the first probe that finds them loaded', () => {
    let loaded = false;
    const { actor, clock, ctx } = start({}, { imagesReady: () => loaded });
    expect(actor.getSnapshot().matches({ preparing: 'checkingImages' })).toBe(true);
    clock.advanceBy(3 * IMAGE_CHECK_INTERVAL_MS);
    expect(ctx().imageChecks).toBe(3);
    expect(actor.getSnapshot().matches('preparing')).toBe(true);
    loaded = true;
    clock.advanceBy(IMAGE_CHECK_INTERVAL_MS - 1);
    expect(actor.getSnapshot().matches('preparing')).toBe(true);
    clock.advanceBy(1);
    expect(actor.getSnapshot().matches('running')).toBe(true);
  });

  it('gives up after 10 probes (5 s) and starts anyway', () => {
    let probes = 0;
    const { actor, clock, ctx } = start({}, { imagesReady: () => (probes++, false) });
    clock.advanceBy(10 * IMAGE_CHECK_INTERVAL_MS - 1);
    expect(actor.getSnapshot().matches('preparing')).toBe(true);
    clock.advanceBy(1);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(ctx().imageChecks).toBe(10);
    const after = probes;
    clock.advanceBy(60_000);
    expect(probes).toBe(after);
  });

  it('ignores navigation until it has started, then waits show_slide_delay', () => {
    const { actor, clock, ctx } = start({ showDelayMs: 1200 });
    actor.send({ type: 'nav.next' });
    expect(ctx().current).toBe(0);
    clock.advanceBy(1199);
    expect(actor.getSnapshot().matches('preparing')).toBe(true);
    clock.advanceBy(1);
    actor.send({ type: 'nav.next' });
    expect(ctx().current).toBe(1);
  });
});

describe('slider core: navigation (§4 Theme slider)', () => {
  it('next, prev and goto move; goto is 1-based', () => {
    const { actor, clock, ctx } = start();
    actor.send({ type: 'nav.next' });
    expect(ctx().current).toBe(1);
    clock.advanceBy(900);
    actor.send({ type: 'nav.goto', position: 5 });
    expect(ctx().current).toBe(4);
    clock.advanceBy(900);
    actor.send({ type: 'nav.prev' });
    expect(ctx()).toMatchObject({ current: 3, previous: 4, direction: 'prev', moves: 3 });
  });

  it('the animating flag (the motion region animating) blocks navigation for the transition speed', () => {
    const { actor, clock, ctx } = start();
    const animating = () => actor.getSnapshot().matches({ running: { motion: 'animating' } });
    actor.send({ type: 'nav.next' });
    expect(animating()).toBe(true);
    actor.send({ type: 'nav.next' });
    actor.send({ type: 'nav.goto', position: 4 });
    expect(ctx().current).toBe(1);
    clock.advanceBy(899);
    actor.send({ type: 'nav.next' });
    expect(ctx().current).toBe(1);
    clock.advanceBy(1);
    expect(animating()).toBe(false);
    actor.send({ type: 'nav.next' });
    expect(ctx().current).toBe(2);
  });

  it('go-to ignores the current position and anything outside 1..count (§5)', () => {
    const { actor, ctx } = start({ initial: 2 });
    for (const position of [3, 0, 6, -1, 2.5, Number.NaN]) actor.send({ type: 'nav.goto', position });
    expect(ctx()).toMatchObject({ current: 2, moves: 0 });
  });

  it('with fewer than 2 slides nothing moves', () => {
    const { actor, ctx } = start({ count: 1 });
    actor.send({ type: 'nav.next' });
    actor.send({ type: 'nav.prev' });
    expect(ctx()).toMatchObject({ current: 0, moves: 0 });
  });

  it('endless wraps past either end when either loop setting is endless', () => {
    const { actor, clock, ctx } = start({ loopAutoplay: 'once', loopManual: 'endless' });
    actor.send({ type: 'nav.prev' });
    expect(ctx().current).toBe(4);
    clock.advanceBy(900);
    actor.send({ type: 'nav.next' });
    expect(ctx().current).toBe(0);
  });

  it('non-endless stops at both ends', () => {
    const { actor, clock, ctx } = start({ loopAutoplay: 'once', loopManual: 'once', initial: 4 });
    actor.send({ type: 'nav.next' });
    expect(ctx()).toMatchObject({ current: 4, moves: 0 });
    actor.send({ type: 'nav.goto', position: 1 });
    clock.advanceBy(900);
    actor.send({ type: 'nav.prev' });
    expect(ctx()).toMatchObject({ current: 0, moves: 1 });
  });

  it('with nothing active (horizontal gallery) next and prev go to the first item', () => {
    const a = start({ initial: null, loopManual: 'once' });
    a.actor.send({ type: 'nav.prev' });
    expect(a.ctx().current).toBe(0);
    const b = start({ initial: null, loopManual: 'once' });
    b.actor.send({ type: 'nav.next' });
    expect(b.ctx().current).toBe(0);
  });
});

describe('slider core: autoplay', () => {
  it('advances every interval and stops on the last slide in once mode', () => {
    const { clock, ctx, autoplayState } = start({ autoplay: true });
    clock.advanceBy(4999);
    expect(ctx().current).toBe(0);
    clock.advanceBy(1);
    expect(ctx().current).toBe(1);
    clock.advanceBy(3 * 5000);
    expect(ctx().current).toBe(4);
    expect(autoplayState()).toBe('stopped');
    clock.advanceBy(60 * 60 * 1000);
    expect(ctx()).toMatchObject({ current: 4, moves: 4 });
  });

  it('an hour of endless autoplay visits every slide in order, 720 moves', () => {
    const { clock, ctx, autoplayState, actor } = start({ autoplay: true, loopAutoplay: 'endless' });
    const seen: number[] = [0];
    actor.subscribe((s) => {
      if (seen.at(-1) !== s.context.current && s.context.current !== null) seen.push(s.context.current);
    });
    clock.advanceBy(60 * 60 * 1000);
    expect(ctx().moves).toBe(720);
    expect(autoplayState()).toBe('playing');
    expect(seen.slice(0, 12)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]);
    expect(ctx().current).toBe(720 % 5);
  });

  it('autoplay towards the first slide stops there', () => {
    const { clock, ctx, autoplayState } = start({ autoplay: true, initial: 4, autoplayDirection: 'prev' });
    clock.advanceBy(4 * 5000);
    expect(ctx().current).toBe(0);
    expect(autoplayState()).toBe('stopped');
  });

  it('the interval counts from the last move, not from the start', () => {
    const { actor, clock, ctx } = start({ autoplay: true, manualStopsAutoplay: false, loopAutoplay: 'endless' });
    clock.advanceBy(3000);
    actor.send({ type: 'nav.next' });
    clock.advanceBy(2000);
    expect(ctx().current).toBe(2);
  });

  it('a hold (hover, focus, video) pauses autoplay; releasing all holds restarts the full interval', () => {
    const { actor, clock, ctx, autoplayState } = start({ autoplay: true, loopAutoplay: 'endless' });
    clock.advanceBy(4000);
    actor.send({ type: 'autoplay.hold', reason: 'hover' });
    actor.send({ type: 'autoplay.hold', reason: 'focus' });
    expect(autoplayState()).toBe('held');
    clock.advanceBy(60_000);
    expect(ctx().current).toBe(0);
    actor.send({ type: 'autoplay.release', reason: 'hover' });
    expect(autoplayState()).toBe('held');
    actor.send({ type: 'autoplay.release', reason: 'focus' });
    expect(autoplayState()).toBe('playing');
    clock.advanceBy(4999);
    expect(ctx().current).toBe(0);
    clock.advanceBy(1);
    expect(ctx().current).toBe(1);
  });

  it('a hidden page holds autoplay through the pageVisibility adapter, and showing it again resumes (issue 22)', () => {
    let setHidden: (hidden: boolean) => void = () => undefined;
    const clock = createTestClock();
    const machine = sliderMachine.provide({
      actors: {
        pageVisibility: fromCallback<SliderEvent>(({ sendBack }) => {
          setHidden = (hidden) => sendBack({ type: hidden ? 'autoplay.hold' : 'autoplay.release', reason: 'hidden' });
          return () => undefined;
        }),
      },
    });
    const actor = createActor(machine, { input: { ...BASE, autoplay: true, loopAutoplay: 'endless' }, clock }).start();
    setHidden(true);
    clock.advanceBy(60_000);
    expect(actor.getSnapshot().context.current).toBe(0);
    expect(actor.getSnapshot().matches({ running: { autoplay: 'held' } })).toBe(true);
    setHidden(false);
    clock.advanceBy(5000);
    expect(actor.getSnapshot().context.current).toBe(1);
  });

  it('the rotation control stops and starts autoplay', () => {
    const { actor, clock, ctx, autoplayState } = start({ autoplay: true, loopAutoplay: 'endless' });
    actor.send({ type: 'autoplay.stop' });
    expect(autoplayState()).toBe('stopped');
    clock.advanceBy(20_000);
    expect(ctx().current).toBe(0);
    actor.send({ type: 'autoplay.start' });
    clock.advanceBy(5000);
    expect(ctx().current).toBe(1);
  });

  it('a tick that falls inside a transition waits one more interval', () => {
    const { actor, clock, ctx } = start({ autoplay: true, manualStopsAutoplay: false, loopAutoplay: 'endless', intervalMs: 500, transitionMs: 900 });
    clock.advanceBy(500);
    expect(ctx().current).toBe(1);
    clock.advanceBy(500);
    expect(ctx().current).toBe(1);
    clock.advanceBy(500);
    expect(ctx().current).toBe(2);
    actor.stop();
  });
});

describe('slideshow: manual navigation takes over (§4, reference notes)', () => {
  it.each([
    ['nav.next', { type: 'nav.next' } as const],
    ['nav.prev', { type: 'nav.prev' } as const],
    ['nav.goto', { type: 'nav.goto', position: 3 } as const],
  ])('%s stops autoplay for good and switches to loop once', (_name, event) => {
    const { actor, clock, ctx, autoplayState } = start({ autoplay: true, loopAutoplay: 'endless', loopManual: 'endless', initial: 1 });
    actor.send(event);
    expect(ctx()).toMatchObject({ autoplay: false, manual: true, loopAutoplay: 'once', loopManual: 'once' });
    expect(autoplayState()).toBe('stopped');
    const at = ctx().current;
    clock.advanceBy(60 * 60 * 1000);
    expect(ctx().current).toBe(at);
  });

  it('after the switch the ends no longer wrap', () => {
    const { actor, clock, ctx } = start({ autoplay: true, loopAutoplay: 'endless', loopManual: 'endless', initial: 3 });
    actor.send({ type: 'nav.next' });
    clock.advanceBy(900);
    actor.send({ type: 'nav.next' });
    expect(ctx()).toMatchObject({ current: 4, moves: 1 });
  });

  it('the press that takes over still moves the way the visitor saw it loop', () => {
    const { actor, ctx } = start({ autoplay: true, loopAutoplay: 'endless', initial: 4 });
    actor.send({ type: 'nav.next' });
    expect(ctx().current).toBe(0);
  });

  it('a blocked press (while animating) does not take over', () => {
    const { actor, clock, ctx } = start({ autoplay: true, loopAutoplay: 'endless', intervalMs: 5000 });
    clock.advanceBy(5000);
    actor.send({ type: 'nav.next' });
    expect(ctx()).toMatchObject({ autoplay: true, manual: false, current: 1 });
  });

  it('without the rule (theme slider, accordion) manual moves leave autoplay running', () => {
    const { actor, ctx, autoplayState } = start({ autoplay: true, manualStopsAutoplay: false, loopAutoplay: 'endless' });
    actor.send({ type: 'nav.goto', position: 3 });
    expect(ctx()).toMatchObject({ autoplay: true, current: 2, loopAutoplay: 'endless' });
    expect(autoplayState()).toBe('playing');
  });
});

describe('slideshow: video slides (§4, §9)', () => {
  it('a playing video pauses the slideshow', () => {
    const { actor, clock, ctx, autoplayState } = start({ autoplay: true, loopAutoplay: 'endless' });
    actor.send({ type: 'video.play' });
    expect(autoplayState()).toBe('held');
    clock.advanceBy(30_000);
    expect(ctx().current).toBe(0);
  });

  it('a video that ends advances, resumes the timer, and is paused 100 ms later', () => {
    const { actor, clock, ctx, autoplayState, nudges } = start({ autoplay: true, loopAutoplay: 'endless' });
    clock.advanceBy(1000);
    actor.send({ type: 'video.play' });
    clock.advanceBy(12_000);
    actor.send({ type: 'video.ended' });
    expect(ctx().current).toBe(1);
    expect(autoplayState()).toBe('playing');
    expect(nudges).toEqual([]);
    clock.advanceBy(VIDEO_NUDGE_MS);
    expect(nudges).toEqual([13_000 + VIDEO_NUDGE_MS]);
    clock.advanceBy(5000 - VIDEO_NUDGE_MS);
    expect(ctx().current).toBe(2);
  });

  it('a video ending on the last slide of a once slideshow stays there', () => {
    const { actor, ctx } = start({ autoplay: false, initial: 4, loopManual: 'once' });
    actor.send({ type: 'video.ended' });
    expect(ctx().current).toBe(4);
  });
});

describe('carousel and timelines (§3, §9)', () => {
  it('the carousel shows 3 and scrolls 1: it stops where the last 3 are visible', () => {
    const { actor, clock, ctx } = start({ count: 7, perView: 3, loopManual: 'once' });
    for (let i = 0; i < 6; i++) {
      actor.send({ type: 'nav.next' });
      clock.advanceBy(900);
    }
    expect(ctx()).toMatchObject({ current: 4, moves: 4 });
  });

  it('timelines: a smaller view keeps the position in range', () => {
    const { actor, clock, ctx } = start({ count: 6, perView: 1, initial: 5 });
    actor.send({ type: 'view.resize', perView: 3 });
    expect(ctx()).toMatchObject({ perView: 3, current: 3 });
    clock.advanceBy(1);
    actor.send({ type: 'view.resize', perView: 2 });
    expect(ctx().current).toBe(3);
  });
});

describe('horizontal gallery (§4)', () => {
  it('non-endless autoplay stops at the last item and becomes manual', () => {
    const { actor, clock, ctx, autoplayState } = start({ count: 4, initial: null, autoplay: true, loopAutoplay: 'once', loopManual: 'once', manualStopsAutoplay: true });
    clock.advanceBy(4 * 5000);
    expect(ctx().current).toBe(3);
    expect(autoplayState()).toBe('stopped');
    expect(ctx()).toMatchObject({ autoplay: false, manual: true });
    clock.advanceBy(900);
    actor.send({ type: 'nav.prev' });
    expect(ctx().current).toBe(2);
  });
});
