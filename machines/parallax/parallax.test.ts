import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { POSITION_DELAY_MS, parallaxMachine } from './parallax.machine';
import { DEFAULT_PARALLAX_SPEED, PARALLAX_OFFSET_FACTOR, parallaxOffset } from './parallax.rules';

function start(isMobile: boolean, reducedMotion: boolean) {
  const clock = createTestClock();
  const effects: string[] = [];
  const machine = parallaxMachine.provide({
    actions: {
      measureSections: () => effects.push('measure'),
      applyOffsets: () => effects.push('apply'),
      markEnabled: () => effects.push('enabled'),
    },
  });
  const actor = createActor(machine, { input: { isMobile, reducedMotion }, clock }).start();
  return { actor, clock, effects };
}

describe('parallax (§4 Page flags, §9)', () => {
  it('is positioned 50 ms after load and marked enabled, then follows every scroll', () => {
    const { actor, clock, effects } = start(false, false);
    clock.advanceBy(POSITION_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(effects).toEqual([]);
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('positioned');
    expect(effects).toEqual(['measure', 'apply', 'enabled']);
    actor.send({ type: 'page.scroll', y: 300 });
    actor.send({ type: 'page.resize' });
    expect(effects.slice(3)).toEqual(['apply', 'measure', 'apply']);
  });

  it('stays off on mobile and under reduced motion', () => {
    for (const [isMobile, reducedMotion] of [[true, false], [false, true]] as const) {
      const { actor, clock, effects } = start(isMobile, reducedMotion);
      clock.advanceBy(POSITION_DELAY_MS);
      expect(actor.getSnapshot().value).toBe('off');
      actor.send({ type: 'page.scroll', y: 300 });
      expect(effects).toEqual([]);
    }
  });

  it('moves the background by speed × 0.3 of the scroll past the section (default speed 0.5)', () => {
    expect([PARALLAX_OFFSET_FACTOR, DEFAULT_PARALLAX_SPEED]).toEqual([0.3, 0.5]);
    expect(parallaxOffset(1000, 800)).toBe(30);
    expect(parallaxOffset(800, 800)).toBe(0);
    expect(parallaxOffset(0, 800, 1)).toBe(-240);
  });
});
