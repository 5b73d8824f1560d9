import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { animatedNumberMachine, FRAME_STEP_MS, type AnimatedNumberEvent } from '../../machines/animated-number/animated-number.machine';
import { createTestClock } from '../../runtime/test-clock';
import { connectAnimatedNumber } from './animated-number.connect';

function counting() {
  const clock = createTestClock();
  const sent: AnimatedNumberEvent[] = [];
  const actor = createActor(animatedNumberMachine, { input: { number: 12500, startFrom: 0, durationMs: 320 }, clock }).start();
  const connect = () => connectAnimatedNumber(actor.getSnapshot(), (event) => sent.push(event), ',');
  return { actor, clock, sent, connect };
}

describe('the animated number connect layer (digits for the eye, the number for the ear)', () => {
  it('before its waypoint: the final number shows and is spoken; the waypoint starts the count', () => {
    const { connect, sent } = counting();
    const api = connect();
    expect(api.rootProps).toEqual({ 'data-state': 'waiting' });
    expect([api.shown, api.spoken]).toEqual(['12,500', '12,500']);
    api.onEnter(false);
    expect(sent).toEqual([{ type: 'view.enter', reducedMotion: false }]);
  });

  it('while counting the digits change behind aria-hidden and the spoken number stays the final one', () => {
    const { actor, clock, connect } = counting();
    actor.send({ type: 'view.enter', reducedMotion: false });
    expect(connect().shown).toBe('0');
    clock.advanceBy(FRAME_STEP_MS * 5);
    const api = connect();
    expect(api.rootProps['data-state']).toBe('counting');
    expect(api.countingProps).toEqual({ 'aria-hidden': 'true' });
    expect(api.shown).not.toBe('0');
    expect(api.shown).not.toBe('12,500');
    expect(api.spoken).toBe('12,500');
    clock.advanceBy(FRAME_STEP_MS * 5);
    expect([connect().rootProps['data-state'], connect().shown]).toEqual(['done', '12,500']);
  });
});
