import { relative } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import type { Chart } from '../../runtime/inspector-app/chart';
import { traceCoverage, type TraceStep } from '../../runtime/inspector-app/coverage';
import { root, writeRaw } from '../../tooling/coverage/files';
import type { Hits, RawCoverage } from '../../tooling/coverage/record';

/**
 * Issue 50: the e2e runs' share of machine coverage. Before a test's browser contexts close, each
 * page's trace (`window.sitecharts.trace`: actors, events, snapshots) is read and every actor of a
 * known machine is credited the states and transitions its trace shows (runtime/inspector-app/coverage.ts);
 * the file's record goes to coverage/machines/raw/ beside the unit project's.
 */
export function createPageCoverage(testFile: string, part?: string) {
  const hits: Hits = {};
  // The charts are made once for the run (tests/support/e2e-setup.ts), not imported by every file.
  let charts: Map<string, Chart> | undefined;
  return {
    async collect(contexts: readonly BrowserContext[], test: string) {
      const known = (charts ??= new Map(Object.entries(inject('machineCharts'))));
      for (const page of contexts.flatMap((context) => context.pages())) {
        // Only what the counting reads: an inspected page's entries also hold XState's snapshot objects.
        const trace = await page
          .evaluate(() =>
            window.sitecharts?.trace.map((e) => ({
              kind: e.kind,
              session: e.session,
              ...(e.kind === 'actor' ? { machine: e.machine } : e.kind === 'event' ? { event: { type: e.event.type } } : e.kind === 'snapshot' ? { state: e.state } : {}),
            })),
          )
          .catch(() => undefined);
        if (!trace) continue;
        const machines = new Map<string, string>();
        for (const entry of trace) if (entry.kind === 'actor' && 'machine' in entry && entry.machine) machines.set(entry.session, entry.machine);
        for (const [session, machine] of machines) {
          const chart = known.get(machine);
          if (!chart) continue;
          const { entered, taken } = traceCoverage(chart, trace as TraceStep[], session);
          const into = (hits[machine] ??= { states: {}, transitions: {} });
          const add = (record: Record<string, string[]>, key: string) => {
            const tests = (record[key] ??= []);
            if (!tests.includes(test)) tests.push(test);
          };
          for (const state of Object.keys(entered)) add(into.states, state);
          for (const key of taken) add(into.transitions, key);
        }
      }
    },
    write() {
      if (Object.keys(hits).length === 0) return;
      const file = relative(root, testFile);
      const raw: RawCoverage = { file, source: 'trace', machines: hits };
      writeRaw(raw, part);
    },
  };
}
