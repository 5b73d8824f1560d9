// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { assign, fromCallback, setup, type AnyActorRef } from 'xstate';
import { createIslandActor } from './actor';
import { createTestClock } from './test-clock';
import { createTraceRecorder, type TraceEntry } from './inspect';
import { planResume, rerun } from './resume';
import type { RuntimeBehaviour } from './widget';

/**
 * Issue 29: a page resumes from a past moment by re-running its actors' recorded inputs on a rewound
 * clock. A slideshow-like machine: an autoplay timer, a goto its view sends, a guard that reads the
 * page (are the images ready) and a hash adapter that reports at start and on each change.
 */
const world = { hash: '#first', ready: true, hashWrites: 0, report: undefined as ((hash: string) => void) | undefined };

const slidesMachine = setup({
  types: {} as { context: { index: number; hash: string }; events: { type: 'nav.goto'; index: number } | { type: 'hash.change'; hash: string } },
  actions: {
    next: assign({ index: ({ context }) => context.index + 1 }),
    goto: assign({ index: ({ event }) => (event.type === 'nav.goto' ? event.index : 0) }),
    keepHash: assign({ hash: ({ event }) => (event.type === 'hash.change' ? event.hash : '') }),
    writeHash: () => undefined,
  },
  guards: { imagesReady: () => true },
  actors: { location: fromCallback(() => () => undefined) },
}).createMachine({
  id: 'slides',
  context: { index: 0, hash: '' },
  invoke: { src: 'location' },
  on: { 'hash.change': { actions: 'keepHash' } },
  initial: 'playing',
  states: {
    playing: {
      after: { 1000: { target: 'playing', reenter: true, actions: 'next' } },
      on: { 'nav.goto': { guard: 'imagesReady', target: 'playing', reenter: true, actions: ['goto', 'writeHash'] } },
    },
  },
});

const slides: RuntimeBehaviour = {
  name: 'slides',
  settings: { parse: () => ({}), defaults: () => ({}) },
  machine: slidesMachine,
  input: () => ({}),
  provide: () => ({
    actions: { writeHash: () => void world.hashWrites++ },
    guards: { imagesReady: () => world.ready },
    actors: {
      location: fromCallback(({ sendBack }) => {
        world.report = (hash) => sendBack({ type: 'hash.change', hash });
        sendBack({ type: 'hash.change', hash: world.hash });
        return () => (world.report = undefined);
      }),
    },
  }),
};

const contextOf = (actor: AnyActorRef) => (actor.getSnapshot() as { context: { index: number; hash: string } }).context;

describe('resuming from a past moment (runtime/resume.ts)', () => {
  it('re-runs the recorded inputs to the moment: same state, its pending timer, the page’s answers then; live after', () => {
    const clock = createTestClock(10_000);
    const trace = createTraceRecorder(clock, { kinds: 'page', snapshots: true });
    const element = document.createElement('div');
    const env = { clock, random: Math.random, warn: () => undefined, inspect: trace.inspect, note: trace.note, seed: 7 };
    const first = createIslandActor(element, slides, {}, undefined, env).actor;
    first.start();
    world.report?.('#second');
    clock.advanceBy(500);
    first.send({ type: 'nav.goto', index: 3 });
    clock.advanceBy(1000); // the autoplay fires: 4
    const moment = trace.entries.length - 1;
    const then = contextOf(first);
    clock.advanceBy(300);
    first.send({ type: 'nav.goto', index: 7 });
    clock.advanceBy(2000);
    expect(contextOf(first).index).toBe(9);
    expect(then).toEqual({ index: 4, hash: '#second' });

    // The page has changed since: other images, another hash. The re-run reads the record, not the page.
    world.ready = false;
    world.hash = '#elsewhere';
    const writes = world.hashWrites;
    const entries: readonly TraceEntry[] = trace.entries;
    const plan = planResume(entries, moment, new Set([first.sessionId]));
    // The hash adapter's two reports (at start, then a change) and the view's goto are sent again.
    expect(plan.steps.map((step) => step.kind)).toEqual(['create', 'start', 'send', 'send', 'send', 'timer']);
    expect(plan.facts.get(first.sessionId)).toEqual({ imagesReady: [true] });
    first.stop();
    const aside = clock.rewind(plan.start);
    expect(aside).toEqual([]);
    const recording = createTraceRecorder(clock, { kinds: 'page', snapshots: true });
    const { actors } = rerun(
      plan,
      clock,
      new Map([[first.sessionId, { create: (gate) => createIslandActor(element, slides, {}, undefined, { ...env, inspect: recording.inspect, note: recording.note, id: first.id, gate }).actor }]]),
    );
    const resumed = actors.get(first.sessionId);
    if (!resumed) throw new Error('no re-run actor');
    expect(resumed.id).toBe(first.id);
    expect(contextOf(resumed)).toEqual(then);
    expect(clock.now()).toBe(11_500);
    // Its autoplay timer is pending again, due a second after the last slide change.
    expect(clock.nextDue()).toBe(12_500);
    // Nothing was written to the page while re-running, and the hash adapter did not repeat its start.
    expect(world.hashWrites).toBe(writes);
    expect(recording.entries.some((entry) => entry.kind === 'fact' && entry.name === 'random.seed')).toBe(true);

    // Live from here: the timer fires, the adapter reports changes, the guard reads the page.
    clock.advanceBy(1000);
    expect(contextOf(resumed).index).toBe(5);
    world.report?.('#third');
    expect(contextOf(resumed).hash).toBe('#third');
    resumed.send({ type: 'nav.goto', index: 1 });
    expect(contextOf(resumed).index).toBe(5);
    world.ready = true;
    resumed.send({ type: 'nav.goto', index: 1 });
    expect(contextOf(resumed).index).toBe(1);
    expect(world.hashWrites).toBe(writes + 1);
    resumed.stop();
    expect(world.report).toBeUndefined();
    expect(clock.pending()).toBe(0);
  });

  it('an adapter waiting at the hand-over starts then, and stops with its actor', () => {
    const clock = createTestClock();
    const trace = createTraceRecorder(clock, { kinds: 'page', snapshots: true });
    const actor = createIslandActor(document.createElement('div'), slides, {}, undefined, { clock, random: Math.random, warn: () => undefined, inspect: trace.inspect }).actor;
    actor.start();
    const plan = planResume(trace.entries, trace.entries.length - 1, new Set([actor.sessionId]));
    actor.stop();
    let started = 0;
    const { actors } = rerun(plan, clock, new Map([[actor.sessionId, { create: (gate) => createIslandActor(document.createElement('div'), { ...slides, provide: () => ({ actors: { location: fromCallback(() => void started++) } }) }, {}, undefined, { clock, random: Math.random, warn: () => undefined, id: actor.id, gate }).actor }]]));
    expect(started).toBe(1);
    actors.get(actor.sessionId)?.stop();
    expect(actors.get(actor.sessionId)?.getSnapshot().status).toBe('stopped');
  });
});
