import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { ANIMATION_MS, FIRST_ACTIVE_MS, iconCirclesMachine } from './icon-circles.machine';

function start(count = 4) {
  const clock = createTestClock();
  const actor = createActor(iconCirclesMachine, { input: { count }, clock }).start();
  return { actor, clock };
}

describe('icon circles (§9: finished after 2000 ms, first active 800 ms later)', () => {
  it('animates once in view, finishes after 2000 ms, activates the first after 800 ms more', () => {
    const { actor, clock } = start();
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'view.enter', reducedMotion: false });
    expect(actor.getSnapshot().value).toBe('animating');
    clock.advanceBy(ANIMATION_MS - 1);
    expect(actor.getSnapshot().value).toBe('animating');
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.active).toBeNull();
    clock.advanceBy(FIRST_ACTIVE_MS);
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.active).toBe(0);
    expect([ANIMATION_MS, FIRST_ACTIVE_MS]).toEqual([2000, 800]);
  });

  it('an icon can be activated once the circle is active; unknown indexes are ignored', () => {
    const { actor, clock } = start();
    actor.send({ type: 'item.activate', index: 2 });
    expect(actor.getSnapshot().context.active).toBeNull();
    actor.send({ type: 'view.enter', reducedMotion: false });
    clock.advanceBy(2800);
    actor.send({ type: 'item.activate', index: 2 });
    expect(actor.getSnapshot().context.active).toBe(2);
    actor.send({ type: 'item.activate', index: 9 });
    expect(actor.getSnapshot().context.active).toBe(2);
  });

  it('reduced motion makes the first icon active at once', () => {
    const { actor, clock } = start();
    actor.send({ type: 'view.enter', reducedMotion: true });
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.active).toBe(0);
    expect(clock.pending()).toBe(0);
  });
});
