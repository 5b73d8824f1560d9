import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import { Actor } from 'xstate';
import { createCollector, installRecorder, type RawCoverage } from '../../tooling/coverage/record';
import { root, writeRaw } from '../../tooling/coverage/files';

/**
 * The unit project's setup file (vite.config.ts), issue 50: records, for every actor a test file
 * creates, the states its tests entered and the transitions they took, and writes them to
 * coverage/machines/raw/ when the file ends. `npm run coverage:machines` reads them. In a mutation
 * run (tooling/coverage/mutate.ts) SITECHARTS_MUTANT names the guard or delay to replace.
 */
const state = installRecorder(Actor);
const file = relative(root, expect.getState().testPath ?? 'unknown');
const collector = createCollector(() => expect.getState().currentTestName ?? '(file setup)');
state.collector = collector;
state.mutant = process.env.SITECHARTS_MUTANT ? (JSON.parse(process.env.SITECHARTS_MUTANT) as typeof state.mutant) : undefined;

afterAll(() => {
  const raw: RawCoverage = { file, source: 'actors', machines: collector.take() };
  if (state.collector === collector) state.collector = undefined;
  if (state.mutant) return;
  writeRaw(raw);
});
