import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { TAB_ANIMATION_MS, tabsMachine, type TabsEvent } from './tabs.machine';
import { hashFor, indexForHash, initialIndex, keyTarget } from './tabs.rules';

const IDS = ['home-care', 'day-centre', 'family-support'];

function start(initialHash = '', initial = 1) {
  const clock = createTestClock();
  const written: string[] = [];
  let sendHash: ((hash: string) => void) | undefined;
  const machine = tabsMachine.provide({
    actions: { writeHash: (_args, params) => void written.push(params.hash) },
    actors: {
      location: fromCallback<TabsEvent>(({ sendBack }) => {
        sendHash = (hash) => sendBack({ type: 'hash.change', hash });
        sendBack({ type: 'hash.change', hash: initialHash });
        return () => {};
      }),
    },
  });
  const actor = createActor(machine, { input: { ids: IDS, initial }, clock }).start();
  return { actor, clock, written, hash: (h: string) => sendHash?.(h) };
}

describe('tabs machine (§4 Tabs, §2 hash)', () => {
  it('starts on the initial tab with one tab active', () => {
    const { actor } = start('', 2);
    expect(actor.getSnapshot().context.active).toBe(1);
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('started (once its view has hydrated) it reads the hash at once (§2 hash on load)', () => {
    const clock = createTestClock();
    const machine = tabsMachine.provide({
      actors: { location: fromCallback<TabsEvent>(({ sendBack }) => void sendBack({ type: 'hash.change', hash: '#day-centre' })) },
    });
    const actor = createActor(machine, { input: { ids: IDS, initial: 1 }, clock });
    // Before the runtime starts it, the actor is what the prerender showed.
    expect(actor.getSnapshot().context.active).toBe(0);
    actor.start();
    expect(actor.getSnapshot().context.active).toBe(1);
    expect(actor.getSnapshot().value).toBe('opening');
  });

  it('a second choice during the entrance restarts it', () => {
    const { actor, clock } = start();
    actor.send({ type: 'tab.select', index: 1 });
    clock.advanceBy(TAB_ANIMATION_MS - 50);
    actor.send({ type: 'tab.select', index: 2 });
    clock.advanceBy(TAB_ANIMATION_MS - 1);
    expect(actor.getSnapshot().value).toBe('opening');
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('a click opens the tab, writes its hash, and animates for 200 ms', () => {
    const { actor, clock, written } = start();
    actor.send({ type: 'tab.select', index: 2 });
    expect(actor.getSnapshot().context.active).toBe(2);
    expect(written).toEqual(['#family-support']);
    expect(actor.getSnapshot().value).toBe('opening');
    clock.advanceBy(TAB_ANIMATION_MS - 1);
    expect(actor.getSnapshot().value).toBe('opening');
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('selecting the active tab or one out of range changes nothing', () => {
    const { actor, written } = start();
    actor.send({ type: 'tab.select', index: 0 });
    actor.send({ type: 'tab.select', index: 3 });
    actor.send({ type: 'tab.select', index: -1 });
    expect(actor.getSnapshot().context.active).toBe(0);
    expect(written).toEqual([]);
  });

  it('a hash on load opens its tab without rewriting the hash', () => {
    const { actor, written } = start('#day-centre');
    expect(actor.getSnapshot().context.active).toBe(1);
    expect(written).toEqual([]);
  });

  it('a later hashchange opens the named tab; an unknown hash is ignored', () => {
    const { actor, hash } = start();
    hash('#family-support');
    expect(actor.getSnapshot().context.active).toBe(2);
    hash('#contact');
    expect(actor.getSnapshot().context.active).toBe(2);
  });

  it('a new selection during the animation restarts the 200 ms', () => {
    const { actor, clock } = start();
    actor.send({ type: 'tab.select', index: 1 });
    clock.advanceBy(150);
    actor.send({ type: 'tab.select', index: 2 });
    clock.advanceBy(150);
    expect(actor.getSnapshot().value).toBe('opening');
    clock.advanceBy(50);
    expect(actor.getSnapshot().value).toBe('shown');
  });
});

describe('tabs rules', () => {
  it('reads hashes, encoded or not', () => {
    expect(indexForHash('#day-centre', IDS)).toBe(1);
    expect(indexForHash('', IDS)).toBe(-1);
    expect(indexForHash('#', IDS)).toBe(-1);
    expect(indexForHash('#caf%C3%A9', ['café'])).toBe(0);
    expect(hashFor('café')).toBe('#caf%C3%A9');
  });

  it('clamps the 1-based initial tab', () => {
    expect(initialIndex(Number.NaN, 3)).toBe(0);
    expect(initialIndex(0, 3)).toBe(0);
    expect(initialIndex(2, 3)).toBe(1);
    expect(initialIndex(9, 3)).toBe(2);
  });

  it('arrow keys move and wrap; Home and End go to the ends', () => {
    expect(keyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(keyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(keyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(keyTarget('Home', 2, 3)).toBe(0);
    expect(keyTarget('End', 0, 3)).toBe(2);
    expect(keyTarget('ArrowDown', 0, 3)).toBeNull();
    expect(keyTarget('a', 0, 3)).toBeNull();
  });

  it('on right-to-left pages Left moves forward and Right back', () => {
    expect(keyTarget('ArrowLeft', 0, 3, { rtl: true })).toBe(1);
    expect(keyTarget('ArrowRight', 0, 3, { rtl: true })).toBe(2);
  });

  it('a vertical list uses Up and Down, whatever the direction', () => {
    expect(keyTarget('ArrowDown', 0, 3, { vertical: true, rtl: true })).toBe(1);
    expect(keyTarget('ArrowUp', 0, 3, { vertical: true })).toBe(2);
    expect(keyTarget('ArrowRight', 0, 3, { vertical: true })).toBeNull();
  });
});
