// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup } from 'xstate';
import { hashAdapters, hashWriter, replaceHash, watchHash } from './hash';

describe('hash adapter', () => {
  it('replaces the hash without a history entry and without a hashchange', () => {
    const before = history.length;
    const seen: string[] = [];
    const stop = watchHash(window, (hash) => seen.push(hash));
    replaceHash(window, '#day-centre');
    expect(location.hash).toBe('#day-centre');
    expect(history.length).toBe(before);
    expect(seen).toEqual(['']);
    stop();
  });

  it('reports the current hash at once and every hashchange until stopped', () => {
    replaceHash(window, '#a');
    const seen: string[] = [];
    const stop = watchHash(window, (hash) => seen.push(hash));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    stop();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(seen).toEqual(['#a', '#a']);
  });

  it('hashWriter replaces the hash with the params of the action', () => {
    hashWriter(window)({}, { hash: '#programme-play' });
    expect(location.hash).toBe('#programme-play');
  });

  it('hashAdapters: the location actor sends hash.change at start and on hashchange; writeHash writes', () => {
    replaceHash(window, '#first');
    type Event = { type: 'hash.change'; hash: string } | { type: 'write'; hash: string };
    const machine = setup({
      types: {} as { context: { seen: string[] }; events: Event },
      actions: { writeHash: (_args, _params: { hash: string }) => {} },
      actors: { location: fromCallback<Event>(() => () => {}) },
    }).createMachine({
      context: { seen: [] },
      invoke: { src: 'location' },
      on: {
        'hash.change': { actions: assign({ seen: ({ context, event }) => [...context.seen, event.hash] }) },
        write: { actions: { type: 'writeHash', params: ({ event }) => ({ hash: event.hash }) } },
      },
    });
    const actor = createActor(machine.provide(hashAdapters<Event>(window))).start();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    actor.send({ type: 'write', hash: '#second' });
    expect(location.hash).toBe('#second');
    actor.stop();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(actor.getSnapshot().context.seen).toEqual(['#first', '#first']);
  });
});
