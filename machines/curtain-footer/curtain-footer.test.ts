import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { DEFAULT_MAX_HEIGHT_PERCENT, RESIZE_DEBOUNCE_MS, curtainFooterMachine, fitsCurtain } from './curtain-footer.machine';

function start(maxHeightPercent = DEFAULT_MAX_HEIGHT_PERCENT) {
  const clock = createTestClock();
  const effects: string[] = [];
  const machine = curtainFooterMachine.provide({
    actions: {
      measureFooter: () => effects.push('measure'),
      applyCurtain: (_, { active }) => effects.push(active ? 'active' : 'inactive'),
    },
  });
  const actor = createActor(machine, { input: { maxHeightPercent }, clock }).start();
  return { actor, clock, effects };
}

describe('curtain footer (§9)', () => {
  it('is active while the footer is at most 70 % of the viewport by default', () => {
    expect(DEFAULT_MAX_HEIGHT_PERCENT).toBe(70);
    expect(fitsCurtain(700, 1000, 70)).toBe(true);
    expect(fitsCurtain(701, 1000, 70)).toBe(false);
    const { actor, effects } = start();
    expect(effects).toEqual(['measure']);
    actor.send({ type: 'footer.measured', footerHeight: 300, viewportHeight: 844 });
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('a footer taller than the share scrolls normally', () => {
    const { actor, effects } = start(25);
    actor.send({ type: 'footer.measured', footerHeight: 300, viewportHeight: 844 });
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(effects.at(-1)).toBe('inactive');
  });

  it('measures again 150 ms after the last resize (debounced)', () => {
    const { actor, clock, effects } = start();
    actor.send({ type: 'footer.measured', footerHeight: 300, viewportHeight: 844 });
    actor.send({ type: 'page.resize' });
    clock.advanceBy(100);
    actor.send({ type: 'page.resize' });
    clock.advanceBy(RESIZE_DEBOUNCE_MS - 1);
    expect(effects.filter((e) => e === 'measure')).toHaveLength(1);
    clock.advanceBy(1);
    expect(effects.filter((e) => e === 'measure')).toHaveLength(2);
    actor.send({ type: 'footer.measured', footerHeight: 700, viewportHeight: 844 });
    expect(actor.getSnapshot().value).toBe('inactive');
  });
});
