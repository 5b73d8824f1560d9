import type { InspectionEvent } from 'xstate';

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
  /** Timers (and animation frames) scheduled and not yet fired or cleared. */
  pending(): number;
  /**
   * Calls `fn` at the next animation frame (issue 22: every frame an animation draws goes through the
   * clock, so tests and replay move it). The real clock uses requestAnimationFrame; the test clock
   * a timer of FRAME_MS. `fn` gets the clock's time.
   */
  requestFrame(fn: (now: number) => void): TimerId;
  cancelFrame(id: TimerId): void;
  /**
   * While a timer's callback runs, the time it was due. The real clock's timers fire late (a 0 ms
   * timer a millisecond or more after it was set); the recorder stamps a timer's event with when it
   * was due, which is when the replay's clock fires it (issue 28). The test clock fires on time.
   */
  firingDue?(): number | undefined;
  /**
   * Fires, in time order, every timer that fell due before this task and that the platform has not
   * run yet (a busy page runs a timer's task after an input that came later). The runtime calls it
   * before an actor takes an event (`overdueFirst`), so it meets its timers and the input in the order
   * of their times, as the replay's clock gives them. A timer set in this task is not overdue (its
   * replay fires it at the next advance, after the events of this moment); one the timers it fires
   * set is, when it too was due before this task (counted from when its setter was due). The test
   * clock fires on time and needs none.
   */
  catchUp?(): void;
}

/** One animation frame on the test clock (and where a browser has no requestAnimationFrame): 60 per second. */
export const FRAME_MS = 16;

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
  /**
   * Issue 29 (resume from a past moment): time goes back to `to`, and every pending timer is set
   * aside, returned with the ms it had left. Nothing fires.
   */
  rewind(to: number): SetAsideTimer[];
  /** Puts set-aside timers back, each due its ms left from now, under its own id (clearTimeout still finds it). */
  reinstate(timers: readonly SetAsideTimer[]): void;
}

/** A timer taken off a test clock by `rewind`: its id, what it runs and the ms it had left. */
export interface SetAsideTimer {
  id: TimerId;
  left: number;
  fn: () => void;
}

/** The most overdue timers one catch-up fires (`Clock.catchUp`): a chain that re-arms at 0 ms stops there. */
export const CATCH_UP_LIMIT = 1_000;

/** The real clock: the platform's timers, counted so the runtime can report what is pending. */
export function createRealClock(): Clock {
  interface Timer {
    handle: ReturnType<typeof globalThis.setTimeout>;
    due: number;
    run: () => void;
  }
  const live = new Map<TimerId, Timer>();
  const frames = new Map<TimerId, number>();
  let nextId = 1;
  let firing: number | undefined;
  /**
   * Issue 51: one instant per task, as on the test clock, where time never moves while code runs. The
   * first reading in a task is kept until its microtasks run: an input stamped at T, whose handling
   * took 20 ms on a busy phone, still sets its timers from T, where its replay sets them.
   */
  let instant: number | undefined;
  const read = () => {
    if (instant === undefined) {
      instant = Date.now();
      queueMicrotask(() => (instant = undefined));
    }
    return instant;
  };
  /** Whether timer `a` fires before `b` on the replay's clock: the earlier due first, ties in the order set. */
  const firesFirst = (a: TimerId, aDue: number, b: TimerId, bDue: number) => aDue < bDue || (aDue === bDue && a < b);
  /**
   * Fires, one at a time, the earliest first, every pending timer that the replay's clock fires
   * before a timer `id` due at `due`, and what those set that it fires before that one too; at most
   * CATCH_UP_LIMIT.
   */
  const fireBefore = (due: number, id: TimerId) => {
    for (let fired = 0; fired < CATCH_UP_LIMIT; fired++) {
      let next: [TimerId, Timer] | undefined;
      for (const entry of live) {
        if (firesFirst(entry[0], entry[1].due, id, due) && (!next || firesFirst(entry[0], entry[1].due, next[0], next[1].due))) next = entry;
      }
      if (!next) return;
      globalThis.clearTimeout(next[1].handle);
      try {
        next[1].run();
      } catch (error) {
        // Reported as its own platform task would have reported it, and the others still fire.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
  const hasFrames = typeof globalThis.requestAnimationFrame === 'function';
  const clock: Clock = {
    setTimeout(fn, ms) {
      const id = nextId++;
      // Issue 51: a timer set while another fires counts from when that one was due, as on the test
      // clock, not from when the browser ran it late: an actor that re-arms its timer (a gallery's
      // stagger) keeps the rhythm a replay of its recording keeps.
      const due = (firing ?? read()) + Math.max(0, ms);
      const run = () => {
        live.delete(id);
        const outer = firing;
        firing = due;
        try {
          fn();
        } finally {
          firing = outer;
        }
      };
      // When the platform runs it, whatever comes before it by the clock fires first: a busy page
      // runs its ready timers in the order they were handed to it, and a timer set by a late one (due
      // when that one was due, so already past) is handed over after ones due later.
      const fromPlatform = () => {
        fireBefore(due, id);
        if (live.has(id)) run();
      };
      live.set(id, { handle: globalThis.setTimeout(fromPlatform, Math.max(0, due - Date.now())), due, run });
      return id;
    },
    firingDue: () => firing,
    catchUp() {
      if (firing !== undefined) return;
      // Due before this task's instant: a timer set in this task is due at it or later. One at a
      // time, the earliest first (ties in the order set), as the replay's clock fires them: what a
      // fired timer sets that is also due before this instant fires too (a stagger's chain of
      // re-arms, each counted from when the last was due). Until 2026-12-08 only the timers set by
      // then fired, so an input met a chain half done that its replay met finished (CI: the
      // masonry's reveal, "revealing" recorded where the replay was "settled"). At most
      // CATCH_UP_LIMIT, so a chain that re-arms at 0 ms cannot hold the task.
      fireBefore(read(), 0);
    },
    clearTimeout(id) {
      const timer = live.get(id);
      if (timer !== undefined) globalThis.clearTimeout(timer.handle);
      live.delete(id);
    },
    // While a timer fires, the time it was due, as the test clock reads then.
    now: () => firing ?? read(),
    pending: () => live.size + frames.size,
    requestFrame(fn) {
      if (!hasFrames) return clock.setTimeout(() => fn(Date.now()), FRAME_MS);
      const id = nextId++;
      frames.set(
        id,
        globalThis.requestAnimationFrame(() => {
          frames.delete(id);
          fn(Date.now());
        }),
      );
      return id;
    },
    cancelFrame(id) {
      const handle = frames.get(id);
      if (handle === undefined) return clock.clearTimeout(id);
      globalThis.cancelAnimationFrame(handle);
      frames.delete(id);
    },
  };
  return clock;
}

/**
 * An inspector that keeps the clock's order (issue 51): before an actor takes an event, every
 * overdue timer fires. XState tells the inspector of an event before the actor takes it, so an input
 * that a busy page ran before an earlier timer meets that timer first, as in the replay of its
 * recording, where the clock fires what is due before the input at that time. The events that follow
 * in the same task find at most what the caught-up timers set; a timer's own events find nothing
 * (`catchUp` waits while one fires). It goes first among a page's inspectors, so the trace records
 * the timers before the input.
 */
export function overdueFirst(clock: Clock): (event: InspectionEvent) => void {
  return (event) => {
    if (event.type === '@xstate.event') clock.catchUp?.();
  };
}
