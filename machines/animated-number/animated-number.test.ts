import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { animatedNumberMachine, DEFAULT_DURATION_MS, FRAME_STEP_MS } from './animated-number.machine';
import { formatNumber, frameCount } from './animated-number.rules';

function start(input = { number: 1200, startFrom: 0, durationMs: DEFAULT_DURATION_MS }) {
  const clock = createTestClock();
  const actor = createActor(animatedNumberMachine, { input, clock }).start();
  return { actor, clock };
}

describe('animated number (§3, §9: 3000 ms, 32 ms frames)', () => {
  it('waits for the waypoint without a timer, holding the final number', () => {
    const { actor, clock } = start();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.value).toBe(1200);
    expect(clock.pending()).toBe(0);
  });

  it('counts from start_from to the number in frames of 32 ms over 3000 ms', () => {
    const { actor, clock } = start();
    actor.send({ type: 'view.enter', reducedMotion: false });
    expect(actor.getSnapshot().context.value).toBe(0);
    expect(frameCount(DEFAULT_DURATION_MS, FRAME_STEP_MS)).toBe(94);
    clock.advanceBy(FRAME_STEP_MS);
    expect(actor.getSnapshot().context.value).toBe(Math.round(1200 / 94));
    clock.advanceBy(FRAME_STEP_MS * 46);
    expect(actor.getSnapshot().context.value).toBe(Math.round((1200 * 47) / 94));
    expect(actor.getSnapshot().value).toBe('counting');
    clock.advanceBy(FRAME_STEP_MS * 47);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.value).toBe(1200);
    expect(clock.pending()).toBe(0);
  });

  it('honours the timer setting and counts down as well as up', () => {
    const { actor, clock } = start({ number: 10, startFrom: 100, durationMs: 320 });
    actor.send({ type: 'view.enter', reducedMotion: false });
    clock.advanceBy(32 * 5);
    expect(actor.getSnapshot().context.value).toBe(55);
    clock.advanceBy(32 * 5);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.value).toBe(10);
  });

  it('reduced motion shows the final number at once', () => {
    const { actor, clock } = start();
    actor.send({ type: 'view.enter', reducedMotion: true });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.value).toBe(1200);
    expect(clock.pending()).toBe(0);
  });

  it('formats with the thousands separator', () => {
    expect(formatNumber(1234567, ',')).toBe('1,234,567');
    expect(formatNumber(1234567, '.')).toBe('1.234.567');
    expect(formatNumber(999, ',')).toBe('999');
    expect(formatNumber(-45000, ' ')).toBe('-45 000');
    expect(formatNumber(1234567, '')).toBe('1234567');
  });
});
