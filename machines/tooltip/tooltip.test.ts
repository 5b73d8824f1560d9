import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { TOOLTIP_ANIMATION_MS, TOOLTIP_DELAY_MS, TOOLTIP_DELAY_OUT_MS, tooltipMachine } from './tooltip.machine';

function start() {
  const clock = createTestClock();
  return { actor: createActor(tooltipMachine, { clock }).start(), clock };
}

describe('tooltips (§4 Tooltips, §9)', () => {
  it('uses delay 1500 ms, delayOut 300 ms, animation 200 ms', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_DELAY_OUT_MS, TOOLTIP_ANIMATION_MS]).toEqual([1500, 300, 200]);
  });

  it('opens 1500 ms after the pointer rests on the trigger', () => {
    const { actor, clock } = start();
    actor.send({ type: 'pointer.enter' });
    clock.advanceBy(1499);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('a pointer that leaves before the delay opens nothing', () => {
    const { actor, clock } = start();
    actor.send({ type: 'pointer.enter' });
    clock.advanceBy(1000);
    actor.send({ type: 'pointer.leave' });
    clock.advanceBy(2000);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('hides 300 ms after leave, then fades out over 200 ms; coming back keeps it open', () => {
    const { actor, clock } = start();
    actor.send({ type: 'focus.in' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'pointer.leave' });
    clock.advanceBy(200);
    actor.send({ type: 'pointer.enter' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'pointer.leave' });
    clock.advanceBy(TOOLTIP_DELAY_OUT_MS);
    expect(actor.getSnapshot().value).toBe('hiding');
    clock.advanceBy(TOOLTIP_ANIMATION_MS);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('hides at once on click and on Escape', () => {
    for (const type of ['trigger.click', 'key.escape'] as const) {
      const { actor, clock } = start();
      actor.send({ type: 'pointer.enter' });
      clock.advanceBy(TOOLTIP_DELAY_MS);
      actor.send({ type });
      expect(actor.getSnapshot().value).toBe('hiding');
      clock.advanceBy(TOOLTIP_ANIMATION_MS);
      expect(actor.getSnapshot().value).toBe('closed');
    }
  });
});
