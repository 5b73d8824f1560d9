import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '../../runtime/replay/catalog/index';
import { leafPaths, leafStates, replayModel } from '../support/model';

/**
 * Model tests for every machine in the replay catalog: xstate/graph paths replayed on the test
 * clock, every state reached and every transition of the explored graph taken. Prints a coverage
 * report per machine.
 */
const rows: string[] = [];

describe.each(Object.entries(catalog))('model: %s', (name, entry) => {
  const report = replayModel({ machine: entry.machine, input: entry.input, events: entry.events, provide: entry.provide, serializeState: entry.serializeState });
  const reached = new Set(report.states.flatMap((s) => leafPaths(s.startsWith('{') ? JSON.parse(s) : s)));
  const excluded = new Set([...(entry.transient ?? []), ...Object.keys(entry.unreachable ?? {})]);
  const resting = leafStates(entry.machine).filter((s) => !excluded.has(s));
  rows.push(
    `  ${name.padEnd(24)} states ${String(resting.filter((s) => reached.has(s)).length).padStart(3)}/${String(resting.length).padEnd(3)} transitions ${String(report.edges.filter((e) => report.transitions.includes(e)).length).padStart(3)}/${report.edges.length}  (${report.paths} paths)${
      Object.keys(entry.unreachable ?? {}).length > 0 ? `; not by events: ${Object.keys(entry.unreachable ?? {}).join(', ')}` : ''
    }${report.infeasible.length > 0 ? `; ${report.infeasible.length} timer-order edges not legal` : ''}`,
  );

  it('reaches every state', () => {
    expect(resting.filter((s) => !reached.has(s))).toEqual([]);
  });

  it('takes every transition of the graph', () => {
    expect(report.edges.filter((e) => !report.transitions.includes(e))).toEqual([]);
  });
});

afterAll(() => {
  console.log(`model coverage per machine:\n${rows.join('\n')}`);
});
