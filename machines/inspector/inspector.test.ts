import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { LOG_LIMIT, inspectorMachine } from './inspector.machine';

const definition = JSON.stringify({ id: 'dosingFilter', initial: 'unfiltered', states: { unfiltered: {} } });

describe('inspector machine', () => {
  it('waits for a page, then lists actors, follows their state and logs their events', () => {
    const actor = createActor(inspectorMachine).start();
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'inspection.received', message: { type: '@xstate.actor', sessionId: 'x:1', definition, snapshot: { value: 'unfiltered' } } });
    expect(actor.getSnapshot().value).toBe('connected');
    expect(actor.getSnapshot().context.selected).toBe('x:1');
    expect(actor.getSnapshot().context.actors['x:1']).toMatchObject({ name: 'dosingFilter', value: 'unfiltered', status: 'active' });
    actor.send({ type: 'inspection.received', message: { type: '@xstate.event', sessionId: 'x:1', event: { type: 'filter.change', value: '28' } } });
    actor.send({ type: 'inspection.received', message: { type: '@xstate.snapshot', sessionId: 'x:1', snapshot: { value: 'showingMatches', status: 'active' } } });
    expect(actor.getSnapshot().context.log).toEqual([{ index: 1, session: 'x:1', name: 'dosingFilter', type: 'filter.change', payload: '{"value":"28"}', source: undefined }]);
    expect(actor.getSnapshot().context.actors['x:1']?.value).toBe('showingMatches');
  });

  it('keeps the log to its limit, newest last', () => {
    const actor = createActor(inspectorMachine).start();
    for (let i = 0; i < LOG_LIMIT + 20; i++) {
      actor.send({ type: 'inspection.received', message: { type: '@xstate.event', sessionId: 's', event: { type: `e${i}` } } });
    }
    const log = actor.getSnapshot().context.log;
    expect(log).toHaveLength(LOG_LIMIT);
    expect(log.at(-1)?.type).toBe(`e${LOG_LIMIT + 19}`);
  });

  it('selects an actor and stores the page clock', () => {
    const actor = createActor(inspectorMachine).start();
    actor.send({ type: 'actor.select', session: 'y' });
    actor.send({ type: 'page.status', clock: { paused: true, now: 5, timers: 2, page: '/dosing/' } });
    expect(actor.getSnapshot().context).toMatchObject({ selected: 'y', clock: { paused: true, timers: 2 }, error: null });
  });
});
