import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { ICON_LIST_STAGGER_MS, iconListMachine } from '../icon-list/icon-list.machine';
import { PROGRESS_BAR_STAGGER_MS, progressBarsMachine } from '../progress-bars/progress-bars.machine';

function start(machine: AnyStateMachine, count: number) {
  const clock = createTestClock();
  const actor = createActor(machine, { input: { count }, clock }).start();
  const revealed = () => (actor.getSnapshot().context as { revealed: number }).revealed;
  return { actor, clock, revealed };
}

describe.each([
  ['icon list (§9: 350 ms stagger)', iconListMachine, ICON_LIST_STAGGER_MS, 350],
  ['progress bars (§9: 250 ms each)', progressBarsMachine, PROGRESS_BAR_STAGGER_MS, 250],
] as const)('%s', (_name, machine, step, specStep) => {
  it('uses the spec step', () => expect(step).toBe(specStep));

  it('waits for the waypoint with no timer', () => {
    const { actor, clock, revealed } = start(machine, 3);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(revealed()).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it('reveals the first at once, then one every step', () => {
    const { actor, clock, revealed } = start(machine, 3);
    actor.send({ type: 'view.enter', reducedMotion: false });
    clock.advanceBy(0);
    expect(revealed()).toBe(1);
    clock.advanceBy(step - 1);
    expect(revealed()).toBe(1);
    clock.advanceBy(1);
    expect(revealed()).toBe(2);
    clock.advanceBy(step);
    expect(revealed()).toBe(3);
    expect(actor.getSnapshot().value).toBe('done');
    expect(clock.pending()).toBe(0);
  });

  it('reduced motion shows every item at once', () => {
    const { actor, clock, revealed } = start(machine, 4);
    actor.send({ type: 'view.enter', reducedMotion: true });
    expect(revealed()).toBe(4);
    expect(actor.getSnapshot().value).toBe('done');
    expect(clock.pending()).toBe(0);
  });
});
