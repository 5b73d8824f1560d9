import { FRAME_MS, type TestClock, type TimerId } from './clock';

/**
 * The test clock (runtime/clock.ts, `TestClock`): timers run only when a test, the replay or the
 * inspector moves time. Its own module so a page's entry does not carry it (runtime/boot.ts loads it
 * for `?inspect&clock=paused`).
 */
interface ScheduledTimer {
  id: TimerId;
  due: number;
  fn: () => void;
}

/** The ordered test clock: time moves only when a test says so. */
export function createTestClock(start = 0): TestClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<TimerId, ScheduledTimer>();

  /** Earliest due first; ids grow with scheduling order, so they break ties. */
  const earliest = (): ScheduledTimer | undefined => {
    let best: ScheduledTimer | undefined;
    for (const timer of timers.values()) {
      if (!best || timer.due < best.due || (timer.due === best.due && timer.id < best.id)) best = timer;
    }
    return best;
  };

  const fire = (timer: ScheduledTimer) => {
    timers.delete(timer.id);
    now = Math.max(now, timer.due);
    timer.fn();
  };

  const clock: TestClock = {
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { id, due: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
    now: () => now,
    pending: () => timers.size,
    requestFrame(fn) {
      return clock.setTimeout(() => fn(now), FRAME_MS);
    },
    cancelFrame(id) {
      clock.clearTimeout(id);
    },
    nextDue: () => earliest()?.due,
    rewind(to) {
      const aside = [...timers.values()].sort((a, b) => a.due - b.due || a.id - b.id).map(({ id, due, fn }) => ({ id, left: Math.max(0, due - now), fn }));
      timers.clear();
      now = to;
      return aside;
    },
    reinstate(aside) {
      for (const { id, left, fn } of aside) {
        timers.set(id, { id, due: now + left, fn });
        nextId = Math.max(nextId, id + 1);
      }
    },
    advanceBy(ms) {
      if (!(ms >= 0)) throw new RangeError(`advanceBy needs a non-negative number of ms, got ${ms}`);
      const target = now + ms;
      for (let timer = earliest(); timer && timer.due <= target; timer = earliest()) fire(timer);
      now = target;
    },
    runAll(limit = 10_000) {
      let fired = 0;
      for (let timer = earliest(); timer && fired < limit; timer = earliest()) {
        fire(timer);
        fired++;
      }
      return fired;
    },
  };
  return clock;
}
