import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { LOG_LIMIT, inspectorMachine } from './inspector.machine';
import type { Moment } from './timeline';

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

  it('goes back to the present, stores the islands, opens a scenario at its step and closes it (issue 50: events no test sent)', () => {
    const actor = createActor(inspectorMachine).start();
    actor.send({ type: 'timeline.seek', step: 3 });
    expect(actor.getSnapshot().context.cursor).toBe(3);
    actor.send({ type: 'timeline.present' });
    expect(actor.getSnapshot().context.cursor).toBeNull();
    const islands = [{ island: 0, widget: 'tabs', id: null, state: 'waiting' }];
    actor.send({ type: 'islands.received', islands });
    expect(actor.getSnapshot().context.islands).toEqual(islands);
    const scenario = { name: 'tabs.json', machine: 'tabs', definition: {}, moments: [], checks: [] };
    actor.send({ type: 'scenario.loaded', scenario, step: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ scenario, cursor: 2, error: null });
    actor.send({ type: 'scenario.closed' });
    expect(actor.getSnapshot().context).toMatchObject({ scenario: null, cursor: null });
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

  it('after a resume, the timeline is the rewritten trace of the page: the old future dropped and counted, the selection following its actor, stale replies ignored (issue 29)', () => {
    const event = (index: number, session: string, type: string): Moment => ({ index, at: 1000 + index, kind: 'event', actor: 'tabs-1', session, event: { type } });
    const actor = createActor(inspectorMachine).start();
    actor.send({ type: 'actor.select', session: 'old' });
    actor.send({ type: 'timeline.received', epoch: 0, moments: [event(0, 'old', 'a'), event(1, 'old', 'b'), event(2, 'old', 'c'), event(3, 'old', 'd')] });
    actor.send({ type: 'timeline.seek', step: 1 });
    actor.send({ type: 'timeline.resumed', resumed: { epoch: 1, at: 1001, moments: [event(0, 'new', 'a'), event(1, 'new', 'b')], sessions: { old: 'new' } } });
    const context = actor.getSnapshot().context;
    expect(context).toMatchObject({ cursor: null, selected: 'new', epoch: 1, branch: { index: 1, at: 1001, dropped: 2 } });
    expect(context.moments.map((moment) => moment.index)).toEqual([0, 1]);
    // A timeline reply the page sent before it resumed numbers the old trace: ignored.
    actor.send({ type: 'timeline.received', epoch: 0, moments: [event(2, 'old', 'c')] });
    expect(actor.getSnapshot().context.moments).toHaveLength(2);
    actor.send({ type: 'timeline.received', epoch: 1, moments: [event(2, 'new', 'e')] });
    expect(actor.getSnapshot().context.moments.map((moment) => moment.index)).toEqual([0, 1, 2]);
  });
});
