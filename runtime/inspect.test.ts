import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { countdownMachine } from '../machines/countdown/countdown.machine';
import { createTestClock } from './test-clock';
import { createTraceRecorder, type TraceEntry } from './inspect';

/** A countdown far from its end on the test clock: one tick a second, a few entries each. */
function ticking(recorder: (clock: ReturnType<typeof createTestClock>) => ReturnType<typeof createTraceRecorder>) {
  const clock = createTestClock(0);
  const trace = recorder(clock);
  const actor = createActor(countdownMachine, { input: { target: 10_000_000, smallest: 1, largest: 2, now: clock.now }, clock, inspect: trace.inspect }).start();
  actor.send({ type: 'countdown.start' });
  return { clock, trace, actor };
}

const times = (entries: readonly TraceEntry[]) => entries.map((entry) => entry.at);

describe('trace recorder: a ring of the last N entries (issue 15)', () => {
  it('keeps the last `limit` entries, oldest first, and counts every one', () => {
    const all: TraceEntry[] = [];
    const { clock, trace } = ticking((c) => createTraceRecorder(c, { limit: 7, onEntry: (entry) => all.push(entry) }));
    clock.advanceBy(10_000);
    expect(trace.total).toBe(all.length);
    expect(all.length).toBeGreaterThan(20);
    expect(trace.entries).toHaveLength(7);
    expect(trace.entries).toEqual(all.slice(-7));
    expect(times(trace.entries)).toEqual([...times(trace.entries)].sort((a, b) => a - b));
    expect(trace.entries.at(-1)?.at).toBe(10_000);
  });

  it('is in order at every fill level: before full, exactly full, wrapped several times', () => {
    for (const ticks of [0, 1, 2, 3, 13]) {
      const all: TraceEntry[] = [];
      const { clock, trace } = ticking((c) => createTraceRecorder(c, { limit: 10, onEntry: (entry) => all.push(entry) }));
      clock.advanceBy(ticks * 1000);
      expect(trace.entries, `${ticks} ticks`).toEqual(all.slice(-10));
    }
  });

  it('clear() empties it; it records again from there', () => {
    const { clock, trace } = ticking((c) => createTraceRecorder(c, { limit: 4 }));
    clock.advanceBy(5_000);
    trace.clear();
    expect(trace.entries).toEqual([]);
    expect(trace.total).toBe(0);
    clock.advanceBy(1_000);
    expect(trace.entries.length).toBeGreaterThan(0);
    expect(trace.entries.every((entry) => entry.at === 6_000)).toBe(true);
  });

  it('the page recorder keeps what the inspector reads (actors, events, states) and no microsteps', () => {
    const full = ticking((c) => createTraceRecorder(c));
    const page = ticking((c) => createTraceRecorder(c, { kinds: 'page' }));
    full.clock.advanceBy(3_000);
    page.clock.advanceBy(3_000);
    const kinds = (entries: readonly TraceEntry[]) => [...new Set(entries.map((entry) => entry.kind))].sort();
    expect(kinds(full.trace.entries)).toEqual(['actor', 'event', 'microstep', 'snapshot']);
    expect(kinds(page.trace.entries)).toEqual(['actor', 'event', 'snapshot']);
    // The same entries otherwise (each actor has its own session id).
    const comparable = (entries: readonly TraceEntry[]) => entries.map((entry) => ({ ...entry, actor: '', session: '', ...('event' in entry && typeof entry.event === 'object' ? { event: entry.event.type } : {}) }));
    expect(comparable(page.trace.entries)).toEqual(comparable(full.trace.entries.filter((entry) => entry.kind !== 'microstep')));
  });

  it('the countdown takes one microstep a tick', () => {
    const { clock, trace } = ticking((c) => createTraceRecorder(c));
    const before = trace.total;
    clock.advanceBy(1_000);
    const tick = trace.entries.slice(-(trace.total - before));
    expect(tick.map((entry) => entry.kind)).toEqual(['event', 'microstep', 'snapshot']);
  });
});
