import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from 'sitecharts/testing';
import { gardenTipsMachine } from './garden-tips.machine';
import { gardenTipsSettings } from './garden-tips.settings';

/** The starter's own widget on the test clock: its timer is an XState delay on the injected clock. */
function start(count = 3, intervalMs = 8000) {
  const clock = createTestClock(0);
  const actor = createActor(gardenTipsMachine, { input: { count, intervalMs }, clock }).start();
  return { clock, actor, index: () => actor.getSnapshot().context.index };
}

describe('garden-tips machine', () => {
  it('moves to the next tip every interval, and round to the first after the last', () => {
    const { clock, index } = start();
    clock.advanceBy(7999);
    expect(index()).toBe(0);
    clock.advanceBy(1);
    expect(index()).toBe(1);
    clock.advanceBy(16_000);
    expect(index()).toBe(0);
  });

  it('stops rotating while paused, and the next tip is the visitor’s to ask for', () => {
    const { clock, actor, index } = start();
    actor.send({ type: 'tips.pause' });
    clock.advanceBy(60_000);
    expect(index()).toBe(0);
    actor.send({ type: 'tips.next' });
    expect(index()).toBe(1);
    actor.send({ type: 'tips.play' });
    clock.advanceBy(8000);
    expect(index()).toBe(2);
  });

  it('a single tip never moves', () => {
    const { clock, actor, index } = start(1);
    clock.advanceBy(60_000);
    actor.send({ type: 'tips.next' });
    expect(index()).toBe(0);
  });
});

describe('garden-tips settings', () => {
  it('reads data-interval in seconds, and keeps the default with one warning when it is out of range', () => {
    expect(gardenTipsSettings.parse({ interval: '5' }).interval).toBe(5);
    const warnings: string[] = [];
    expect(gardenTipsSettings.parse({ interval: '0.5' }, (message) => warnings.push(message)).interval).toBe(8);
    expect(warnings).toHaveLength(1);
  });
});
