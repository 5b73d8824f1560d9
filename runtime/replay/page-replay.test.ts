import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { tabsMachine } from '../../machines/tabs/tabs.machine';
import { createTestClock } from '../test-clock';
import type { ActorGate } from '../resume';
import { planPageReplay, startPageReplay, type ReplayActor, type ReplayTarget } from './page-replay';
import { parseScenario } from './scenario';

/** Issue 28.3: a page re-enacting a scenario with its own actors, one step at a time. */
const shipped = parseScenario(JSON.parse(readFileSync('tests/scenarios/services-tabs.json', 'utf8')));
const ids = ['home-nursing', 'harbour-room', 'family-support'];

/** A tabs island as the page has one: its adapters (the hash) go through the gate. */
function tabsIsland(clock: ReturnType<typeof createTestClock>, written: string[]) {
  const adopted: AnyActorRef[] = [];
  const target: ReplayTarget = {
    create: (gate: ActorGate) =>
      createActor(tabsMachine.provide(gate.implementations({ actions: { writeHash: (_: unknown, { hash }: { hash: string }) => written.push(hash) } }) as Parameters<typeof tabsMachine.provide>[0]), {
        input: { ids, initial: 1 },
        clock,
      }),
    adopt: (actor) => adopted.push(actor),
  };
  return { target, adopted };
}

describe('planPageReplay', () => {
  it('lays every actor on one timeline: by time, an actor\'s steps of one instant together', () => {
    const a: ReplayActor = { name: 'a', machine: 'tabs', start: 0, steps: [{ send: { type: 'x' } }, { advance: 100 }, { send: { type: 'y' } }] };
    const b: ReplayActor = { name: 'b', machine: 'toggles', start: 50, steps: [{ expect: 'idle' }, { advance: 50 }, { send: { type: 'z' } }] };
    const plan = planPageReplay([a, b]).map((step) => (step.kind === 'start' ? `${step.at} start ${step.actor}` : `${step.at} ${step.actor}.${step.index + 1}`));
    expect(plan).toEqual(['0 start 0', '0 0.1', '50 start 1', '50 1.1', '100 0.2', '100 0.3', '100 1.2', '100 1.3']);
  });
});

describe('startPageReplay', () => {
  it('re-enacts the shipped /services/ tabs scenario step by step: every expectation holds, the view gets the actor', () => {
    const clock = createTestClock(5_000);
    const written: string[] = [];
    const { target, adopted } = tabsIsland(clock, written);
    const replay = startPageReplay([{ ...shipped, start: 0 }], [target], clock);
    // The actor begins before step 1, as the CLI's does; the island's view reads it.
    expect(adopted).toHaveLength(1);
    expect(replay.total).toBe(shipped.steps.length);
    const first = replay.next();
    expect(first).toMatchObject({ number: 1, total: shipped.steps.length, text: 'tabs step 1: expect "shown" {"active":0}: ok' });
    replay.next();
    expect(replay.actor(0)?.getSnapshot().value).toBe('opening');
    expect(replay.actor(0)?.getSnapshot().context.active).toBe(1);
    expect(replay.next()?.text).toBe('tabs step 3: expect "opening" {"active":1}: ok');
    const advance = replay.next();
    expect(replay.next()?.text).toMatch(/step 5: expect "shown"/);
    expect(advance?.moved).toBe(200);
    expect(clock.now()).toBe(5_200);
    while (!replay.finished()) replay.next();
    expect(replay.next()).toBeUndefined();
    expect(replay.divergences).toEqual([]);
    expect(replay.actor(0)?.getSnapshot().context.active).toBe(2);
    expect(clock.now()).toBe(5_000 + 1_400);
  });

  it('leaves the page alone while it lasts and hands over after the last step', () => {
    const clock = createTestClock();
    const written: string[] = [];
    const { target } = tabsIsland(clock, written);
    const replay = startPageReplay([{ ...shipped, start: 0 }], [target], clock);
    while (replay.next());
    // The tab.selects of the replay wrote no hash; a visitor's choice after it does.
    expect(written).toEqual([]);
    replay.actor(0)?.send({ type: 'tab.select', index: 0 });
    expect(written).toEqual(['#home-nursing']);
  });

  it('shows a divergence: its step on the page, the actor\'s step, expected and actual', () => {
    const clock = createTestClock();
    const wrong = { ...shipped, start: 0, steps: shipped.steps.map((step, index) => (index === 4 ? { expect: 'shown', context: { active: 0 } } : step)) };
    const replay = startPageReplay([wrong], [tabsIsland(clock, []).target], clock);
    const reports = [];
    for (let report = replay.next(); report; report = replay.next()) reports.push(report);
    expect(replay.divergences).toEqual([{ step: 5, actor: 'tabs', actorStep: 5, expected: 'expect "shown" {"active":0}', actual: 'context.active is 1, not 0' }]);
    expect(reports[4]?.divergence).toBe(replay.divergences[0]);
  });

  it('leaves out an actor the page has no island for, and begins a later actor at its time', () => {
    const clock = createTestClock();
    const later: ReplayActor = { ...shipped, start: 300 };
    const elsewhere: ReplayActor = { name: 'x', machine: 'nowhere', start: 0, steps: [{ expect: 'on' }] };
    const replay = startPageReplay([elsewhere, later], [undefined, tabsIsland(clock, []).target], clock);
    expect(replay.total).toBe(shipped.steps.length + 1);
    expect(replay.actor(1)).toBeUndefined();
    expect(replay.next()).toMatchObject({ text: 'tabs begins (+300 ms)', moved: 300 });
    expect(replay.actor(1)?.getSnapshot().status).toBe('active');
    while (replay.next());
    expect(replay.divergences).toEqual([]);
  });
});
