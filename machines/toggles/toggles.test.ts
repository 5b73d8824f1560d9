import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { TOGGLE_ANIMATION_MS, togglesMachine, type TogglesEvent } from './toggles.machine';
import { CLOSED_SUFFIX, readToggleHash, setOpen, toggleHash } from './toggles.rules';

const IDS = ['visits', 'costs', 'referral'];

function start({ closeAll = false, initial = 0, initialHash = '' } = {}) {
  const clock = createTestClock();
  const written: string[] = [];
  let sendHash: ((hash: string) => void) | undefined;
  const machine = togglesMachine.provide({
    actions: { writeHash: (_args, params) => void written.push(params.hash) },
    actors: {
      location: fromCallback<TogglesEvent>(({ sendBack }) => {
        sendHash = (hash) => sendBack({ type: 'hash.change', hash });
        sendBack({ type: 'hash.change', hash: initialHash });
        return () => {};
      }),
    },
  });
  const actor = createActor(machine, { input: { ids: IDS, closeAll, initial }, clock }).start();
  return { actor, clock, written, hash: (h: string) => sendHash?.(h) };
}

const open = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.open;

describe('toggles machine (§4 Toggles, §2 hash)', () => {
  it('starts with the initial toggle open, or none', () => {
    expect(open(start().actor)).toEqual([false, false, false]);
    expect(open(start({ initial: 2 }).actor)).toEqual([false, true, false]);
  });

  it('opening writes the id; closing writes the id with the closed suffix', () => {
    const { actor, written } = start();
    actor.send({ type: 'toggle.toggle', index: 1 });
    expect(open(actor)).toEqual([false, true, false]);
    actor.send({ type: 'toggle.toggle', index: 1 });
    expect(open(actor)).toEqual([false, false, false]);
    expect(written).toEqual(['#costs', `#costs${CLOSED_SUFFIX}`]);
  });

  it('without close-all, several toggles stay open', () => {
    const { actor } = start();
    actor.send({ type: 'toggle.toggle', index: 0 });
    actor.send({ type: 'toggle.toggle', index: 2 });
    expect(open(actor)).toEqual([true, false, true]);
  });

  it("in 'close all' mode opening one closes the others", () => {
    const { actor } = start({ closeAll: true });
    actor.send({ type: 'toggle.toggle', index: 0 });
    actor.send({ type: 'toggle.toggle', index: 2 });
    expect(open(actor)).toEqual([false, false, true]);
  });

  it('animates the changed toggle for 200 ms', () => {
    const { actor, clock } = start();
    actor.send({ type: 'toggle.toggle', index: 2 });
    expect(actor.getSnapshot().value).toBe('animating');
    expect(actor.getSnapshot().context.changed).toBe(2);
    clock.advanceBy(TOGGLE_ANIMATION_MS - 1);
    expect(actor.getSnapshot().value).toBe('animating');
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a hash on load opens its toggle without writing the hash', () => {
    const { actor, written } = start({ initialHash: '#referral' });
    expect(open(actor)).toEqual([false, false, true]);
    expect(written).toEqual([]);
  });

  it('a closed-suffix hash closes its toggle; close-all applies to hashes too', () => {
    const { actor, hash } = start({ initial: 1, closeAll: true });
    hash('#visits-closed');
    expect(open(actor)).toEqual([false, false, false]);
    actor.send({ type: 'toggle.toggle', index: 1 });
    hash('#referral');
    expect(open(actor)).toEqual([false, false, true]);
  });

  it('ignores hashes that name no toggle or change none, and indexes out of range', () => {
    // `initial` counts from 1: the second toggle is open.
    const { actor, hash, written } = start({ initial: 2 });
    hash('#contact');
    actor.send({ type: 'toggle.toggle', index: 5 });
    expect(open(actor)).toEqual([false, true, false]);
    expect(written).toEqual([]);
    // Nothing animates for a hash that leaves every toggle as it is (§2).
    hash('#costs');
    hash('#visits-closed');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(open(actor)).toEqual([false, true, false]);
  });
});

describe('toggle rules', () => {
  it('reads open and closed hashes', () => {
    expect(readToggleHash('#costs', IDS)).toEqual({ index: 1, open: true });
    expect(readToggleHash('#costs-closed', IDS)).toEqual({ index: 1, open: false });
    expect(readToggleHash('#nothing-closed', IDS)).toBeNull();
    expect(readToggleHash('', IDS)).toBeNull();
    expect(toggleHash('costs', false)).toBe('#costs-closed');
  });

  it('an id that itself ends in the suffix is read as that toggle, open', () => {
    expect(readToggleHash('#a-closed', ['a', 'a-closed'])).toEqual({ index: 1, open: true });
  });

  it('closing one in close-all mode leaves the others alone', () => {
    expect(setOpen([true, false, true], 0, false, true)).toEqual([false, false, true]);
  });
});
