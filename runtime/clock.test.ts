import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { CATCH_UP_LIMIT, createRealClock } from './clock';
import { createTestClock } from './test-clock';

describe('test clock', () => {
  it('fires due timers in time order, ties in scheduling order', () => {
    const clock = createTestClock();
    const log: string[] = [];
    clock.setTimeout(() => log.push('b@20'), 20);
    clock.setTimeout(() => log.push('a@10'), 10);
    clock.setTimeout(() => log.push('c@20'), 20);
    clock.setTimeout(() => log.push('late@31'), 31);
    clock.advanceBy(30);
    expect(log).toEqual(['a@10', 'b@20', 'c@20']);
    expect(clock.now()).toBe(30);
    expect(clock.pending()).toBe(1);
  });

  it('fires timers set by timers inside the same advance, at their own due time', () => {
    const clock = createTestClock(1000);
    const seen: number[] = [];
    const tick = () => {
      seen.push(clock.now());
      if (seen.length < 5) clock.setTimeout(tick, 100);
    };
    clock.setTimeout(tick, 100);
    clock.advanceBy(450);
    expect(seen).toEqual([1100, 1200, 1300, 1400]);
    expect(clock.now()).toBe(1450);
    clock.advanceBy(50);
    expect(seen).toEqual([1100, 1200, 1300, 1400, 1500]);
    expect(clock.pending()).toBe(0);
  });

  it('a timer set inside a callback for a time before another pending timer fires first', () => {
    const clock = createTestClock();
    const log: string[] = [];
    clock.setTimeout(() => {
      log.push('first@10');
      clock.setTimeout(() => log.push('nested@15'), 5);
    }, 10);
    clock.setTimeout(() => log.push('other@20'), 20);
    clock.advanceBy(25);
    expect(log).toEqual(['first@10', 'nested@15', 'other@20']);
  });

  it('clearTimeout cancels, including from another timer', () => {
    const clock = createTestClock();
    const fn = vi.fn();
    const id = clock.setTimeout(fn, 50);
    clock.setTimeout(() => clock.clearTimeout(id), 10);
    clock.advanceBy(100);
    expect(fn).not.toHaveBeenCalled();
    expect(clock.pending()).toBe(0);
  });

  it('does not fire a timer before it is due', () => {
    const clock = createTestClock();
    const fn = vi.fn();
    clock.setTimeout(fn, 500);
    clock.advanceBy(499);
    expect(fn).not.toHaveBeenCalled();
    expect(clock.nextDue()).toBe(500);
    clock.advanceBy(1);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('runAll drains chains and stops at its limit', () => {
    const clock = createTestClock();
    let count = 0;
    const again = () => {
      count++;
      clock.setTimeout(again, 1000);
    };
    clock.setTimeout(again, 1000);
    expect(clock.runAll(7)).toBe(7);
    expect(count).toBe(7);
    expect(clock.now()).toBe(7000);
  });

  it('rejects negative or NaN advances', () => {
    const clock = createTestClock();
    expect(() => clock.advanceBy(-1)).toThrow(RangeError);
    expect(() => clock.advanceBy(Number.NaN)).toThrow(RangeError);
  });

  it('drives XState delayed transitions, chained, in one advance', () => {
    const machine = setup({}).createMachine({
      initial: 'a',
      states: { a: { after: { 100: 'b' } }, b: { after: { 100: 'c' } }, c: {} },
    });
    const clock = createTestClock();
    const actor = createActor(machine, { clock }).start();
    clock.advanceBy(199);
    expect(actor.getSnapshot().value).toBe('b');
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('c');
    actor.stop();
  });

  it('stopping an actor clears its pending timers', () => {
    const machine = setup({}).createMachine({ initial: 'a', states: { a: { after: { 100: 'b' } }, b: {} } });
    const clock = createTestClock();
    const actor = createActor(machine, { clock }).start();
    expect(clock.pending()).toBe(1);
    actor.stop();
    expect(clock.pending()).toBe(0);
  });

  it('rewinds: time goes back, pending timers are set aside with the ms they had left and come back under their ids (issue 29)', () => {
    const clock = createTestClock(1000);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('kept'), 300);
    const cleared = clock.setTimeout(() => fired.push('cleared'), 500);
    clock.advanceBy(100);
    const aside = clock.rewind(0);
    expect(clock.now()).toBe(0);
    expect(clock.pending()).toBe(0);
    expect(aside.map((timer) => timer.left)).toEqual([200, 400]);
    clock.advanceBy(1000);
    expect(fired).toEqual([]);
    clock.reinstate(aside);
    clock.clearTimeout(cleared);
    expect(clock.nextDue()).toBe(1200);
    clock.advanceBy(199);
    expect(fired).toEqual([]);
    clock.advanceBy(1);
    expect(fired).toEqual(['kept']);
    // A timer set after the reinstated ones gets a fresh id.
    const later = clock.setTimeout(() => fired.push('later'), 0);
    expect(later).toBeGreaterThan(cleared);
  });
});

describe('real clock', () => {
  it('counts pending timers and forgets fired and cleared ones', async () => {
    const clock = createRealClock();
    const cleared = clock.setTimeout(() => undefined, 10_000);
    await new Promise<void>((resolve) => clock.setTimeout(resolve, 1));
    expect(clock.pending()).toBe(1);
    clock.clearTimeout(cleared);
    expect(clock.pending()).toBe(0);
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1000);
  });

  it('a timer set while another fires late counts from when that one was due, as the test clock does (issue 51)', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const clock = createRealClock();
      const fired: number[] = [];
      // Each firing re-arms 110 ms on, as a gallery's stagger does; the browser runs the first 40 ms late.
      const arm = () =>
        clock.setTimeout(() => {
          fired.push(Date.now());
          if (fired.length === 1) vi.setSystemTime(150);
          if (fired.length < 3) arm();
        }, 110);
      arm();
      vi.advanceTimersByTime(110);
      expect(clock.firingDue?.()).toBeUndefined();
      vi.advanceTimersByTime(500);
      // Due at 110, 220, 330: the late first firing does not push the rhythm back to 260 and 370.
      expect(fired).toEqual([110, 220, 330]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the real clock catches up before an input (issue 51)', () => {
  it('one instant per task: a timer set after 20 ms of work counts from the task’s first reading, as on the test clock; the next task reads anew', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const clock = createRealClock();
      const fired: number[] = [];
      expect(clock.now()).toBe(0);
      // The handling of an input takes 20 ms on a busy phone.
      vi.setSystemTime(20);
      expect(clock.now()).toBe(0);
      clock.setTimeout(() => fired.push(clock.now()), 100);
      await Promise.resolve();
      expect(clock.now()).toBe(20);
      vi.advanceTimersByTime(80);
      expect(fired).toEqual([100]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fires, in time order, the timers due before this task that a busy page has not run, and what they set that was due before it too; never twice; not one set in this task', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const clock = createRealClock();
      const fired: string[] = [];
      clock.setTimeout(() => fired.push(`b@${clock.now()}`), 120);
      clock.setTimeout(() => {
        fired.push(`a@${clock.now()}`);
        // Due at 110, before the task and before b: the replay's clock fires it between a and b.
        clock.setTimeout(() => fired.push(`a2@${clock.now()}`), 10);
        clock.setTimeout(() => fired.push('later'), 500);
      }, 100);
      // The page is busy until 150: the platform has run neither.
      vi.setSystemTime(150);
      await Promise.resolve();
      clock.setTimeout(() => fired.push('this task'), 0);
      clock.catchUp?.();
      expect(fired).toEqual(['a@100', 'a2@110', 'b@120']);
      expect(clock.pending()).toBe(2);
      // Their platform timers are cleared: nothing fires twice.
      vi.advanceTimersByTime(1000);
      expect(fired).toEqual(['a@100', 'a2@110', 'b@120', 'this task', 'later']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a chain that re-arms (a stagger) is caught up to where its replay would be: every link due before the input, not the next', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const clock = createRealClock();
      const fired: number[] = [];
      const arm = () => clock.setTimeout(() => {
        fired.push(clock.now());
        arm();
      }, 110);
      arm();
      // The page is busy until 358, when an input comes: the replay's clock has fired 110, 220 and 330 by then.
      vi.setSystemTime(358);
      await Promise.resolve();
      clock.catchUp?.();
      expect(fired).toEqual([110, 220, 330]);
      expect(clock.pending()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a timer the platform runs before one due earlier (set by a late timer, so handed over last) meets that one first, as its replay does', async () => {
    // The platform as a busy page has it: its ready timers run in the order they were handed over.
    const handed: Array<{ handle: number; run: () => void }> = [];
    let handles = 0;
    vi.stubGlobal('setTimeout', (run: () => void) => {
      handed.push({ handle: ++handles, run });
      return handles;
    });
    vi.stubGlobal('clearTimeout', (handle: number) => {
      const at = handed.findIndex((timer) => timer.handle === handle);
      if (at >= 0) handed.splice(at, 1);
    });
    const now = vi.spyOn(Date, 'now').mockReturnValue(0);
    try {
      const clock = createRealClock();
      const fired: string[] = [];
      clock.setTimeout(() => {
        fired.push(`p@${clock.now()}`);
        clock.setTimeout(() => fired.push(`c@${clock.now()}`), 10);
      }, 100);
      clock.setTimeout(() => fired.push(`n@${clock.now()}`), 150);
      await Promise.resolve();
      // Busy until 200: p runs, and c (due 110) is handed over after n (due 150).
      now.mockReturnValue(200);
      handed.shift()?.run();
      handed.shift()?.run();
      expect(fired).toEqual(['p@100', 'c@110', 'n@150']);
      // c's own platform timer was taken back: it does not fire twice.
      expect(handed).toEqual([]);
      expect(clock.pending()).toBe(0);
    } finally {
      now.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('a caught-up timer that throws is reported, and the timers after it still fire', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const clock = createRealClock();
      const fired: string[] = [];
      clock.setTimeout(() => {
        throw new Error('a broken timer');
      }, 100);
      clock.setTimeout(() => fired.push(`b@${clock.now()}`), 120);
      vi.setSystemTime(150);
      await Promise.resolve();
      const reported = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
      clock.catchUp?.();
      expect(fired).toEqual(['b@120']);
      expect(String(await reported)).toContain('a broken timer');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a chain that re-arms at 0 ms cannot hold the task: a catch-up fires CATCH_UP_LIMIT timers at most', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const clock = createRealClock();
      let fired = 0;
      const arm = () => clock.setTimeout(() => {
        fired++;
        arm();
      }, 0);
      arm();
      vi.setSystemTime(50);
      await Promise.resolve();
      clock.catchUp?.();
      expect(fired).toBe(CATCH_UP_LIMIT);
    } finally {
      vi.useRealTimers();
    }
  });
});

