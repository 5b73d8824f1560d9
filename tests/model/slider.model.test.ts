import { describe, expect, it } from 'vitest';
import { createActor, fromTransition, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { createTestClock } from '../../runtime/clock';
import { sliderMachine, type SliderEvent, type SliderInput } from '../../machines/slider/slider.machine';

/**
 * Model tests over the slider core. The model is the real machine on the ordered test clock: a
 * model state is the list of events so far, where `clock.next` means "move the clock to the next
 * due timer". xstate/graph explores it (shortest and simple paths), each distinct situation keyed
 * by the machine's state, the context a visitor can see and the pending timers; every path is then
 * replayed step by step on a fresh actor and checked against the slider's invariants.
 */
type ModelEvent = Exclude<SliderEvent, { type: 'slide.moved' } | { type: 'view.resize' }> | { type: 'clock.next' };

interface Replay {
  snapshot: SnapshotFrom<typeof sliderMachine>;
  pendingIn: number[];
  now: number;
}

function replay(input: SliderInput, events: readonly ModelEvent[], imagesAfterMs: number): Replay {
  const clock = createTestClock();
  const machine = sliderMachine.provide({ guards: { imagesReady: () => clock.now() >= imagesAfterMs } });
  const actor = createActor(machine, { input, clock }).start();
  for (const event of events) {
    if (event.type === 'clock.next') {
      const due = clock.nextDue();
      if (due !== undefined) clock.advanceBy(due - clock.now());
    } else actor.send(event);
  }
  const snapshot = actor.getSnapshot();
  // The pending timers' due times, relative to now, tell apart situations that look alike.
  const due = clock.nextDue();
  const pendingIn = due === undefined ? [] : [due - clock.now()];
  actor.stop();
  return { snapshot, pendingIn, now: clock.now() };
}

function summary({ snapshot, pendingIn }: Replay): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.current, c.autoplay, c.holds, c.animating, c.manual, c.loopAutoplay, c.loopManual, c.imageChecks > 0, pendingIn]);
}

const ALPHABET = (count: number): ModelEvent[] => [
  { type: 'nav.next' },
  { type: 'nav.prev' },
  // A position in range and one past the end (§5: ignored).
  { type: 'nav.goto', position: count },
  { type: 'nav.goto', position: count + 1 },
  { type: 'autoplay.hold', reason: 'hover' },
  { type: 'autoplay.release', reason: 'hover' },
  { type: 'autoplay.stop' },
  { type: 'autoplay.start' },
  { type: 'video.play' },
  { type: 'video.ended' },
  { type: 'clock.next' },
];

/** Invariants every reachable situation must hold. */
function checkInvariants(input: SliderInput, step: Replay) {
  const { snapshot } = step;
  const c = snapshot.context;
  expect(snapshot.status).toBe('active');
  if (c.current !== null) {
    expect(c.current).toBeGreaterThanOrEqual(0);
    expect(c.current).toBeLessThan(input.count);
  }
  if (snapshot.matches('running')) {
    expect(c.animating).toBe(snapshot.matches({ running: { motion: 'animating' } }));
    if (snapshot.matches({ running: { autoplay: 'playing' } })) {
      expect(c.autoplay).toBe(true);
      expect(c.holds).toEqual([]);
    }
    if (snapshot.matches({ running: { autoplay: 'held' } })) expect(c.holds.length).toBeGreaterThan(0);
    // §4: once manual navigation took over, autoplay never runs again by itself and looping is once.
    if (c.manual && input.manualStopsAutoplay && input.loopAutoplay === 'endless') expect([c.loopAutoplay, c.loopManual]).toEqual(['once', 'once']);
  } else {
    expect(c.moves).toBe(0);
  }
}

const MAX_DEPTH = Number(process.env.MODEL_DEPTH ?? 4);

const MODELS: Array<{ name: string; input: SliderInput; imagesAfterMs: number }> = [
  {
    name: 'slideshow: endless autoplay, manual takes over',
    input: { count: 3, initial: 0, autoplay: true, intervalMs: 5000, loopAutoplay: 'endless', loopManual: 'endless', transitionMs: 900, manualStopsAutoplay: true },
    imagesAfterMs: 0,
  },
  {
    name: 'theme slider: once, images late, show delay',
    input: { count: 3, initial: 1, autoplay: true, intervalMs: 5000, loopAutoplay: 'once', loopManual: 'once', transitionMs: 900, manualStopsAutoplay: false, showDelayMs: 300 },
    imagesAfterMs: 1000,
  },
];

describe.each(MODELS)('slider core model: $name', ({ input, imagesAfterMs }) => {
  const cache = new Map<string, Replay>();
  const replayCached = (events: readonly ModelEvent[]) => {
    const key = JSON.stringify(events);
    let result = cache.get(key);
    if (!result) {
      result = replay(input, events, imagesAfterMs);
      cache.set(key, result);
    }
    return result;
  };
  const model = fromTransition((trail: ModelEvent[], event: ModelEvent) => [...trail, event], [] as ModelEvent[]);
  const options = {
    events: ALPHABET(input.count),
    serializeState: (snapshot: SnapshotFrom<typeof model>) => summary(replayCached(snapshot.context)),
    // Ignore events that change nothing, so the graph stays the machine's own.
    filterEvents: (snapshot: SnapshotFrom<typeof model>, event: ModelEvent) =>
      summary(replayCached([...snapshot.context, event])) !== summary(replayCached(snapshot.context)),
    // Paths of up to 4 events reach every state node of the chart (asserted below).
    stopWhen: (snapshot: SnapshotFrom<typeof model>) => snapshot.context.length >= MAX_DEPTH,
    limit: 50_000,
  };

  const shortest = getShortestPaths(model, options);

  it('reaches every state node of the machine', () => {
    const reached = new Set<string>();
    for (const path of shortest) {
      const { snapshot } = replayCached(path.state.context);
      for (const node of snapshot._nodes) reached.add(node.id);
    }
    // `waiting` (and, with the images already there, `checkingImages`) are passed through, never rested in.
    const expected = [
      'slider.running.motion.idle',
      'slider.running.motion.animating',
      'slider.running.autoplay.playing',
      'slider.running.autoplay.held',
      'slider.running.autoplay.stopped',
      'slider.running.video.idle',
      'slider.running.video.nudging',
    ];
    if (imagesAfterMs > 0) expected.push('slider.preparing.checkingImages');
    if (input.showDelayMs) expected.push('slider.preparing.delaying');
    expect([...reached]).toEqual(expect.arrayContaining(expected));
    expect(shortest.length).toBeGreaterThan(10);
  });

  it('every shortest path replays on the test clock step by step and keeps the invariants', () => {
    for (const path of shortest) {
      const trail: ModelEvent[] = [];
      checkInvariants(input, replayCached(trail));
      for (const step of path.steps) {
        trail.push(step.event);
        const now = replayCached(trail);
        expect(summary(now)).toBe(summary(replayCached(step.state.context)));
        checkInvariants(input, now);
      }
    }
  }, 60_000);

  it('simple paths to a stopped autoplay each end with autoplay off', () => {
    const simple = getSimplePaths(model, {
      ...options,
      events: [{ type: 'nav.next' }, { type: 'autoplay.stop' }, { type: 'autoplay.hold', reason: 'hover' }, { type: 'clock.next' }],
      toState: (snapshot) => replayCached(snapshot.context).snapshot.matches({ running: { autoplay: 'stopped' } }),
      stopWhen: (snapshot) => snapshot.context.length >= 5,
    });
    expect(simple.length).toBeGreaterThan(0);
    for (const path of simple) {
      const end = replay(input, path.state.context, imagesAfterMs);
      expect(end.snapshot.matches({ running: { autoplay: 'stopped' } })).toBe(true);
      expect(end.snapshot.context.autoplay).toBe(false);
    }
  }, 60_000);
});
