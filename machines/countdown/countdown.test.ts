import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { countdownMachine, TICK_MS } from './countdown.machine';
import { addMonths, remaining, shownUnits, targetTime, unitLabel } from './countdown.rules';

const utc = Date.UTC;

function start(target: number, now: number, smallest = 1, largest = 5) {
  const clock = createTestClock(now);
  const actor = createActor(countdownMachine, { input: { target, smallest, largest, now: clock.now }, clock }).start();
  actor.send({ type: 'countdown.start' });
  return { actor, clock };
}

describe('countdown rules (§3 maximum scale, reference notes)', () => {
  it('shows the units from the largest down to the smallest; weeks only up to a largest of 5', () => {
    expect(shownUnits(1, 1)).toEqual(['seconds']);
    expect(shownUnits(1, 2)).toEqual(['minutes', 'seconds']);
    expect(shownUnits(1, 3)).toEqual(['hours', 'minutes', 'seconds']);
    expect(shownUnits(1, 4)).toEqual(['days', 'hours', 'minutes', 'seconds']);
    expect(shownUnits(1, 5)).toEqual(['weeks', 'days', 'hours', 'minutes', 'seconds']);
    expect(shownUnits(1, 6)).toEqual(['months', 'days', 'hours', 'minutes', 'seconds']);
    expect(shownUnits(1, 7)).toEqual(['years', 'months', 'days', 'hours', 'minutes', 'seconds']);
    expect(shownUnits(3, 5)).toEqual(['weeks', 'days', 'hours']);
  });

  it('the largest unit absorbs everything above it: 50 hours, not 2 days 2 hours', () => {
    const now = utc(2027, 0, 1);
    const target = now + 50 * 3600_000 + 5 * 60_000 + 7_000;
    expect(remaining(now, target, shownUnits(1, 3))).toEqual({ hours: 50, minutes: 5, seconds: 7 });
    expect(remaining(now, target, shownUnits(1, 4))).toEqual({ days: 2, hours: 2, minutes: 5, seconds: 7 });
    expect(remaining(now, target, shownUnits(1, 1))).toEqual({ seconds: 180_307 });
  });

  it('weeks split out of days with the default largest of 5', () => {
    const now = utc(2027, 0, 1);
    expect(remaining(now, now + 17 * 86_400_000, shownUnits(1, 5))).toEqual({ weeks: 2, days: 3, hours: 0, minutes: 0, seconds: 0 });
  });

  it('months and years are calendar differences', () => {
    // 31 Jan + 1 month is 28 Feb (clamped), so 31 Jan to 1 Mar is 1 month and 1 day.
    expect(addMonths(utc(2027, 0, 31), 1)).toBe(utc(2027, 1, 28));
    expect(remaining(utc(2027, 0, 31), utc(2027, 2, 1), shownUnits(4, 6))).toEqual({ months: 1, days: 1 });
    expect(remaining(utc(2026, 10, 22, 12), utc(2028, 1, 29, 18), shownUnits(3, 7))).toEqual({ years: 1, months: 3, days: 7, hours: 6 });
    expect(remaining(utc(2026, 10, 22), utc(2028, 1, 22), shownUnits(4, 6))).toEqual({ months: 15, days: 0 });
  });

  it('drops what is smaller than the smallest unit', () => {
    const now = utc(2027, 0, 1);
    expect(remaining(now, now + 3 * 3600_000 + 59 * 60_000, shownUnits(3, 4))).toEqual({ days: 0, hours: 3 });
  });

  it('the month is 0-based and the timezone offset in minutes is applied to the target', () => {
    expect(targetTime({ year: 2027, month: 2, day: 13, hour: 18, minute: 30, timezone: 0 })).toBe(utc(2027, 2, 13, 18, 30));
    // 18:30 at UTC-5 (offset -300) is 23:30 UTC.
    expect(targetTime({ year: 2027, month: 2, day: 13, hour: 18, minute: 30, timezone: -300 })).toBe(utc(2027, 2, 13, 23, 30));
    expect(targetTime({ year: 2027, month: 2, day: 13, hour: 18, minute: 30, timezone: 60 })).toBe(utc(2027, 2, 13, 17, 30));
  });

  it('a label is singular only for exactly 1', () => {
    expect(unitLabel('days', 1)).toBe('Day');
    expect(unitLabel('days', 0)).toBe('Days');
    expect(unitLabel('days', 2)).toBe('Days');
    expect(unitLabel('hours', 21)).toBe('Hours');
  });
});

describe('countdown machine (§4, §9 tick 1 s)', () => {
  it('stays idle, with no timer, until started', () => {
    const clock = createTestClock(0);
    const actor = createActor(countdownMachine, { input: { target: 10_000, smallest: 1, largest: 5, now: clock.now }, clock }).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(clock.pending()).toBe(0);
  });

  it('ticks every 1000 ms', () => {
    const { actor, clock } = start(90_000, 0, 1, 2);
    expect(actor.getSnapshot().context.left).toEqual({ minutes: 1, seconds: 30 });
    clock.advanceBy(TICK_MS - 1);
    expect(actor.getSnapshot().context.left).toEqual({ minutes: 1, seconds: 30 });
    clock.advanceBy(1);
    expect(actor.getSnapshot().context.left).toEqual({ minutes: 1, seconds: 29 });
    clock.advanceBy(29 * TICK_MS);
    expect(actor.getSnapshot().context.left).toEqual({ minutes: 1, seconds: 0 });
  });

  it('stops once the end has passed: all zero, no timer left', () => {
    const { actor, clock } = start(3_000, 0);
    expect(actor.getSnapshot().value).toBe('running');
    clock.advanceBy(3_000);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.left).toEqual({ weeks: 0, days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(clock.pending()).toBe(0);
  });

  it('a target already in the past ends at once', () => {
    const { actor, clock } = start(1_000, 5_000);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(clock.pending()).toBe(0);
  });
});
