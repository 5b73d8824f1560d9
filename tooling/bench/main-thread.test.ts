import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../runtime/random';
import { within, type TraceEvent } from './main-thread';

/**
 * `within` (the events of a main-thread task, for the long-task measures of `npm run bench:visitor`
 * and tests/e2e/budget.test.ts): the same events as a filter of the whole thread, found without one.
 */
function thread(count: number, seed: number): TraceEvent[] {
  const random = seededRandom(seed);
  const events: TraceEvent[] = [];
  let at = 0;
  while (events.length < count) {
    // A task with events nested inside it, some ending together with it, some starting with it.
    const dur = 1 + Math.floor(random() * 5_000);
    events.push({ name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: at, dur });
    for (let inner = at; inner < at + dur && events.length < count; inner += 1 + Math.floor(random() * 800)) {
      events.push({ name: 'FunctionCall', ph: 'X', pid: 1, tid: 1, ts: inner, dur: Math.min(at + dur - inner, Math.floor(random() * 900)) });
    }
    at += dur + Math.floor(random() * 300);
  }
  return events.sort((a, b) => a.ts - b.ts);
}

const byFilter = (onMain: readonly TraceEvent[], task: TraceEvent) => onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0));

describe('within (tooling/bench/main-thread.ts)', () => {
  it('finds the events inside each task, as a filter of the whole thread does', () => {
    for (const seed of [1, 2, 3]) {
      const onMain = thread(3_000, seed);
      for (const task of onMain.filter((e) => e.name === 'RunTask')) expect(within(onMain, task)).toEqual(byFilter(onMain, task));
    }
  });

  it('an event that starts with the task, or ends with it, is inside; one that runs past its end is not', () => {
    const task: TraceEvent = { name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: 100, dur: 50 };
    const same = { ...task, name: 'FunctionCall' };
    const past = { ...task, name: 'Layout', ts: 120, dur: 40 };
    const before = { ...task, name: 'Paint', ts: 90, dur: 20 };
    const onMain = [before, task, same, past];
    expect(within(onMain, task)).toEqual([same]);
  });

  it('reads the events near each task, not the whole thread: of 20,000, the start of each found by halving, then a scan to its end', () => {
    const events = thread(20_000, 4);
    const tasks = events.filter((e) => e.name === 'RunTask');
    let reads = 0;
    const onMain = new Proxy(events, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    let found = 0;
    for (const task of tasks) found += within(onMain, task).length;
    expect(found).toBe(events.length - tasks.length);
    // Per task: about log2(20,000) = 15 reads to find its start, then its own events and the next
    // task's start. A filter of the thread per task read tasks x events (about 7 x 10^7 here).
    expect(reads).toBeLessThan(tasks.length * 18 + events.length * 2);
  });
});
