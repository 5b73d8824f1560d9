import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyStateNode } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { chartFromDefinition } from '../../runtime/inspector-app/chart';
import { discoverMachines } from './discover';
import { createCollector, mutate, transitionKey } from './record';
import { machineCoverage, mergeRaw } from './report';

/** Issue 50: the counting of machine coverage, proved on a machine small enough to know by heart. */
const door = setup({
  types: {} as { events: { type: 'open' } | { type: 'close' } | { type: 'lock'; key: boolean } | { type: 'knock' } },
  guards: { hasKey: ({ event }) => event.type === 'lock' && event.key },
  delays: { swing: 100 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      on: {
        open: 'opening',
        lock: [{ guard: 'hasKey', target: 'locked' }, { actions: [] }],
        knock: {},
      },
    },
    opening: { after: { swing: 'open' }, on: { close: 'closed' } },
    open: { on: { close: 'closed' } },
    locked: { type: 'final' },
  },
});

function run(test: string, steps: (actor: ReturnType<typeof createActor<typeof door>>, clock: ReturnType<typeof createTestClock>) => void) {
  const collector = createCollector(() => test);
  const clock = createTestClock();
  const actor = createActor(door, { clock, inspect: (event) => collector.inspect(event) });
  collector.initial(actor.getSnapshot());
  actor.start();
  steps(actor, clock);
  return { file: 'door.test.ts', source: 'actors' as const, machines: collector.take() };
}

describe('machine coverage (issue 50)', () => {
  it('counts the states entered, the transitions taken and the delays fired on a known path, and names the rest as missed', () => {
    const first = run('opens and closes', (actor, clock) => {
      actor.send({ type: 'open' });
      clock.advanceBy(100);
      actor.send({ type: 'close' });
    });
    const second = run('knocks, fails to lock', (actor) => {
      actor.send({ type: 'knock' });
      actor.send({ type: 'lock', key: false });
    });
    const report = machineCoverage(door.config, mergeRaw([first, second]).door);

    const covered = (items: Array<{ tests: string[] }>, keyOf: (item: never) => string) => items.filter((i) => i.tests.length > 0).map(keyOf as (item: unknown) => string);
    const missed = (items: Array<{ tests: string[] }>, keyOf: (item: never) => string) => items.filter((i) => i.tests.length === 0).map(keyOf as (item: unknown) => string);
    const stateId = (s: { id: string }) => s.id;
    const transition = (t: { key: string }) => t.key;
    expect(covered(report.states, stateId)).toEqual(['door.closed', 'door.opening', 'door.open']);
    expect(missed(report.states, stateId)).toEqual(['door.locked']);
    expect(covered(report.transitions, transition)).toEqual(['door.closed|open|0', 'door.closed|lock|1', 'door.closed|knock|0', 'door.opening|after:swing|0', 'door.open|close|0']);
    expect(missed(report.transitions, transition)).toEqual(['door.closed|lock|0', 'door.opening|close|0']);
    expect(report.figures).toEqual({ states: { covered: 3, total: 4 }, transitions: { covered: 5, total: 7 }, delays: { covered: 1, total: 1 } });
    expect(report.failures).toEqual(['states 75.0 % < 100 %', 'transitions 71.4 % < 98 %']);
    // Each state keeps the tests that entered it, by file and name.
    expect(report.states.find((s) => s.id === 'door.closed')?.tests).toEqual(['door.test.ts > opens and closes', 'door.test.ts > knocks, fails to lock']);
    expect(report.states.find((s) => s.id === 'door.open')?.tests).toEqual(['door.test.ts > opens and closes']);
  });

  it('leaves excepted states and transitions out of the figures, shows their reason, and flags an exception that names nothing or is covered', () => {
    const raw = run('opens', (actor) => actor.send({ type: 'open' }));
    const report = machineCoverage(door.config, mergeRaw([raw]).door, {
      states: { 'door.locked': 'no key in this test' },
      transitions: { 'door.closed|open|0': 'covered anyway', 'door.nowhere|x|0': 'a typo' },
    });
    expect(report.states.find((s) => s.id === 'door.locked')?.excepted).toBe('no key in this test');
    expect(report.figures.states).toEqual({ covered: 2, total: 3 });
    expect(report.stale).toEqual(['transition door.closed|open|0: taken by 1 test(s), the exception is no longer needed', 'transition door.nowhere|x|0: no such transition']);
  });

  it('keys every transition XState takes the way the chart lists it, for every machine', async () => {
    const machines = await discoverMachines();
    expect(machines.length).toBeGreaterThan(30);
    const mismatched: string[] = [];
    for (const { machine } of machines) {
      const live: string[] = [];
      const walk = (node: AnyStateNode) => {
        for (const list of node.transitions.values()) for (const t of list) live.push(transitionKey(t as never));
        for (const t of node.always ?? []) live.push(transitionKey(t as never));
        Object.values(node.states).forEach(walk);
      };
      walk(machine.root);
      const charted = chartFromDefinition(machine.config).transitions.map((t) => t.key);
      if (JSON.stringify([...live].sort()) !== JSON.stringify([...charted].sort())) mismatched.push(`${machine.id}: live ${live.filter((k) => !charted.includes(k)).join(' ')} / chart ${charted.filter((k) => !live.includes(k)).join(' ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('names the page service that runs a machine, also one that builds its chart as it starts (issue 49, goal 2)', async () => {
    const services = Object.fromEntries((await discoverMachines()).map(({ id, services }) => [id, services]));
    expect(services.burgerMenu).toEqual(['runtime/services/burger-menu.ts']);
    expect(services.stickyHeader).toEqual(['runtime/services/header.ts']);
    expect(services.cookieConsent).toEqual(['demo/services/cookie-consent.ts']);
  });

  it('builds mutants through machine.provide: a guard negated, always true or false; a delay 0 or doubled', () => {
    const lockWith = (machine: typeof door, key: boolean) => {
      const actor = createActor(machine).start();
      actor.send({ type: 'lock', key });
      return actor.getSnapshot().value;
    };
    const guard = (change: 'negated' | 'always-true' | 'always-false') => mutate(door, { machine: 'door', kind: 'guard', name: 'hasKey', change });
    expect([lockWith(door, true), lockWith(door, false)]).toEqual(['locked', 'closed']);
    expect([lockWith(guard('negated'), true), lockWith(guard('negated'), false)]).toEqual(['closed', 'locked']);
    expect([lockWith(guard('always-true'), true), lockWith(guard('always-true'), false)]).toEqual(['locked', 'locked']);
    expect([lockWith(guard('always-false'), true), lockWith(guard('always-false'), false)]).toEqual(['closed', 'closed']);
    const openAfter = (machine: typeof door, ms: number) => {
      const clock = createTestClock();
      const actor = createActor(machine, { clock }).start();
      actor.send({ type: 'open' });
      clock.advanceBy(ms);
      return actor.getSnapshot().value;
    };
    expect(openAfter(mutate(door, { machine: 'door', kind: 'delay', name: 'swing', change: 'zero' }), 0)).toBe('open');
    const doubled = mutate(door, { machine: 'door', kind: 'delay', name: 'swing', change: 'double' });
    expect([openAfter(doubled, 199), openAfter(doubled, 200)]).toEqual(['opening', 'open']);
    // Another machine's mutant leaves this one as it is.
    expect(mutate(door, { machine: 'tooltip', kind: 'guard', name: 'hasKey', change: 'negated' })).toBe(door);
  });
});
