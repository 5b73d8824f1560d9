import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { scrollSpyMachine } from './scroll-spy.machine';

function start(covered?: string[]) {
  const highlighted: Array<string | null> = [];
  const machine = scrollSpyMachine.provide({ actions: { highlight: (_, { id }) => highlighted.push(id) } });
  const actor = createActor(machine, { input: { order: ['services', 'history', 'contact'], covered }, clock: createTestClock() }).start();
  return { actor, highlighted };
}

describe('scroll-spy (§2)', () => {
  it('highlights the section in view, the first in page order when several are', () => {
    const { actor, highlighted } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'section.enter', id: 'history' });
    expect(actor.getSnapshot().value).toBe('highlighting');
    expect(actor.getSnapshot().context.active).toBe('history');
    actor.send({ type: 'section.enter', id: 'services' });
    expect(actor.getSnapshot().context.active).toBe('services');
    actor.send({ type: 'section.leave', id: 'services' });
    expect(actor.getSnapshot().context.active).toBe('history');
    expect(highlighted.slice(1)).toEqual(['history', 'services', 'history']);
  });

  it('highlights nothing when no section is in view', () => {
    const { actor, highlighted } = start();
    actor.send({ type: 'section.enter', id: 'contact' });
    actor.send({ type: 'section.leave', id: 'contact' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(highlighted.at(-1)).toBeNull();
  });

  it('a section the page covers (curtain footer) counts only once the page has scrolled off it (issue 20.4)', () => {
    const { actor } = start(['contact']);
    actor.send({ type: 'section.enter', id: 'contact' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'section.enter', id: 'history' });
    expect(actor.getSnapshot().context.active).toBe('history');
    actor.send({ type: 'section.leave', id: 'history' });
    actor.send({ type: 'cover.move', revealed: true });
    expect(actor.getSnapshot().context.active).toBe('contact');
    actor.send({ type: 'cover.move', revealed: false });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
