import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';
import { catalog } from '../../tooling/replay/demo-catalog/index';
import { leafPaths, leafStates, notTransient, replayModel } from '../support/model';

/**
 * Model tests for every machine in the replay catalog: xstate/graph paths replayed on the test
 * clock, every state reached and every transition of the explored graph taken. Each entry's
 * exclusions are checked too: a transient state's chart leaves it without an event, a state its
 * input rules out is reached by the entry it names and not by its own. Prints a coverage report per
 * entry.
 */
const models = new Map(
  Object.entries(catalog).map(([name, entry]) => {
    const report = replayModel({
      machine: entry.machine,
      input: entry.input,
      events: entry.events,
      provide: entry.provide,
      serializeState: entry.serializeState,
    });
    const reached = new Set(report.states.flatMap((s) => leafPaths(s.startsWith('{') ? JSON.parse(s) : s)));
    return [name, { entry, report, reached }] as const;
  }),
);

const rows: string[] = [];

describe.each([...models])('model: %s', (name, { entry, report, reached }) => {
  const transient = entry.transient ?? [];
  const unreachable = Object.entries(entry.unreachable ?? {});
  const byInput = unreachable.flatMap(([state, why]) => ('reachedBy' in why ? [[state, why.reachedBy] as const] : []));
  const byDesign = unreachable.flatMap(([state, why]) => ('reason' in why ? [[state, why.reason] as const] : []));
  const excluded = new Set([...transient, ...unreachable.map(([state]) => state)]);
  const leaves = leafStates(entry.machine);
  const resting = leaves.filter((s) => !excluded.has(s));
  const taken = report.edges.filter((e) => report.transitions.includes(e));

  const elsewhere = new Map<string, string[]>();
  for (const [state, other] of byInput) elsewhere.set(other, [...(elsewhere.get(other) ?? []), state]);
  rows.push(
    [
      `  ${name.padEnd(30)} states ${String(resting.filter((s) => reached.has(s)).length).padStart(3)}/${String(resting.length).padEnd(3)}` +
        ` transitions ${String(taken.length).padStart(3)}/${String(report.edges.length).padEnd(3)} (${report.paths} paths)` +
        (report.infeasible.length > 0 ? `; ${report.infeasible.length} timer-order edges not legal` : ''),
      ...(entry.source ? [`      input: ${entry.source}`] : []),
      ...(transient.length > 0 ? [`      transient (eventless exits only): ${transient.join(', ')}`] : []),
      ...[...elsewhere].map(([other, states]) => `      ruled out by this input or its fakes, reached by '${other}': ${states.join(', ')}`),
      ...byDesign.map(([state, reason]) => `      never by events: ${state} (${reason})`),
    ].join('\n'),
  );

  it('names only states of its machine', () => {
    expect([...excluded].filter((s) => !leaves.includes(s))).toEqual([]);
  });

  it('lists as transient only states whose every exit is eventless', () => {
    expect(transient.map((s) => notTransient(entry.machine, s)).filter(Boolean)).toEqual([]);
  });

  it('reaches every state it does not exclude, and none it excludes', () => {
    expect(resting.filter((s) => !reached.has(s))).toEqual([]);
    expect([...excluded].filter((s) => reached.has(s))).toEqual([]);
  });

  if (byInput.length > 0) it('leaves the states its input rules out to entries of the same machine that reach them', () => {
    const missed = byInput.filter(([state, other]) => {
      const model = models.get(other);
      return model?.entry.machine !== entry.machine || !model.reached.has(state);
    });
    expect(missed).toEqual([]);
  });

  it('takes every transition of the graph', () => {
    expect(report.edges.filter((e) => !report.transitions.includes(e))).toEqual([]);
  });
});

it('has an entry for every machine under machines/ and every statechart of the provider client', async () => {
  const root = join(import.meta.dirname, '../..');
  const files = readdirSync(join(root, 'machines'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .flatMap((folder) =>
      readdirSync(join(root, 'machines', folder))
        .filter((file) => file.endsWith('.machine.ts'))
        .map((file) => `machines/${folder}/${file}`),
    )
    .concat(readdirSync(join(root, 'provider', 'sdk')).filter((file) => file.endsWith('.machine.ts')).map((file) => `provider/sdk/${file}`));
  // A machine with other delays or actors (`provide`) shares its config with the one it came from.
  const configs = new Set(Object.values(catalog).map((entry) => entry.machine.config));
  const missing: string[] = [];
  for (const file of files) {
    const exports = (await import(join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) if (value instanceof StateMachine && !configs.has(value.config)) missing.push(`${file} ${name}`);
  }
  expect(files.length).toBeGreaterThan(30);
  expect(missing).toEqual([]);
});

afterAll(() => {
  console.log(`model coverage per catalog entry:\n${rows.join('\n')}`);
});
