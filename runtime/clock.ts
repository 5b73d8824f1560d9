/**
 * One clock for every actor (docs/design.md, invariant 3).
 *
 * XState v5 takes a `clock` with setTimeout/clearTimeout when an actor is created; delayed
 * transitions (`after`) and delayed sends go through it. We add `now()` so machines read time
 * from the same source (passed in as `input.now`), and `pending()` so the runtime can report
 * live timers.
 */
export type TimerId = number;

export interface Clock {
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  now(): number;
  /** Timers scheduled and not yet fired or cleared. */
  pending(): number;
}

export interface TestClock extends Clock {
  /**
   * Moves time forward by `ms`, firing every timer that falls due in that window in time order
   * (ties in the order they were set), including timers set by the timers it fires.
   */
  advanceBy(ms: number): void;
  /** Fires timers one by one until none is left, at most `limit` of them; returns how many fired. */
  runAll(limit?: number): number;
  /** Due time of the earliest pending timer, or undefined when none is pending. */
  nextDue(): number | undefined;
}

/** The real clock: the platform's timers, counted so the runtime can report what is pending. */
export function createRealClock(): Clock {
  const live = new Map<TimerId, ReturnType<typeof globalThis.setTimeout>>();
  let nextId = 1;
  return {
    setTimeout(fn, ms) {
      const id = nextId++;
      live.set(
        id,
        globalThis.setTimeout(() => {
          live.delete(id);
          fn();
        }, ms),
      );
      return id;
    },
    clearTimeout(id) {
      const handle = live.get(id);
      if (handle !== undefined) globalThis.clearTimeout(handle);
      live.delete(id);
    },
    now: () => Date.now(),
    pending: () => live.size,
  };
}

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

  return {
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
    nextDue: () => earliest()?.due,
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
}
