import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { HOTSPOT_FIRST_MS, HOTSPOT_STAGGER_MS, imageHotspotsMachine } from './image-hotspots.machine';

function start(count = 3) {
  const clock = createTestClock();
  const actor = createActor(imageHotspotsMachine, { input: { count }, clock }).start();
  return { actor, clock };
}

describe('image hotspots (§9: 300 ms each after 400 ms; §4 tooltips)', () => {
  it('reveals the first spot after 400 ms and each next one 300 ms later', () => {
    const { actor, clock } = start();
    expect([HOTSPOT_FIRST_MS, HOTSPOT_STAGGER_MS]).toEqual([400, 300]);
    actor.send({ type: 'view.enter', reducedMotion: false });
    clock.advanceBy(399);
    expect(actor.getSnapshot().context.revealed).toBe(0);
    clock.advanceBy(1);
    expect(actor.getSnapshot().context.revealed).toBe(1);
    clock.advanceBy(300);
    expect(actor.getSnapshot().context.revealed).toBe(2);
    clock.advanceBy(299);
    expect(actor.getSnapshot().context.revealed).toBe(2);
    clock.advanceBy(1);
    expect(actor.getSnapshot().context.revealed).toBe(3);
    expect(actor.getSnapshot().value).toMatchObject({ reveal: 'done' });
    expect(clock.pending()).toBe(0);
  });

  it('reduced motion shows every spot at once', () => {
    const { actor } = start();
    actor.send({ type: 'view.enter', reducedMotion: true });
    expect(actor.getSnapshot().context.revealed).toBe(3);
  });

  it('one tooltip at a time; a second click closes it; Escape closes', () => {
    const { actor } = start();
    actor.send({ type: 'tooltip.open', index: 1 });
    expect(actor.getSnapshot().context.open).toBe(1);
    actor.send({ type: 'tooltip.toggle', index: 2 });
    expect(actor.getSnapshot().context.open).toBe(2);
    actor.send({ type: 'tooltip.toggle', index: 2 });
    expect(actor.getSnapshot().context.open).toBeNull();
    actor.send({ type: 'tooltip.open', index: 0 });
    actor.send({ type: 'tooltip.close' });
    expect(actor.getSnapshot().context.open).toBeNull();
  });

  it('a tap (hover, focus and click at once) leaves its tooltip open; a second tap closes it (issue 31.2)', () => {
    const { actor } = start();
    actor.send({ type: 'tooltip.open', index: 1 });
    actor.send({ type: 'tooltip.open', index: 1 });
    actor.send({ type: 'tooltip.toggle', index: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ open: 1, pinned: true });
    // The pointer's compatibility events of the second tap reopen nothing new: the click closes it.
    actor.send({ type: 'tooltip.open', index: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ open: 1, pinned: true });
    actor.send({ type: 'tooltip.toggle', index: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ open: null, pinned: false });
    // Hovering another spot unpins: its tooltip is a hover one again.
    actor.send({ type: 'tooltip.toggle', index: 0 });
    actor.send({ type: 'tooltip.open', index: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ open: 2, pinned: false });
  });
});
