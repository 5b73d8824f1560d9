import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { discoverMachines, type FoundMachine } from './discover';
import { coverageDir, readRaw, root } from './files';
import type { Mutant } from './record';

/**
 * `npm run mutate:machines` (issue 50), outside `npm test`: each named guard of a machine's
 * `setup({ guards })` is replaced in turn by its negation, by always-true and by always-false, and
 * each named delay by 0 and by its double, through `machine.provide` (tests/support/machine-coverage.ts
 * swaps the machine as the test's actor is created); then the test files that ran that machine (from
 * the last machine coverage run) run again. A mutant no test fails on survives: it is printed with
 * the guard's name and the spec section the machine cites for it. Writes coverage/machines/mutation.json
 * and exits 1 when the score is below 95 %.
 *
 *   npm run mutate:machines                      every machine
 *   npm run mutate:machines -- tooltip slider    those machines (by id)
 *   npm run mutate:machines -- --list            the mutants and the test files, without running them
 *   npm run mutate:machines -- --own tooltip     only the test files in the machine's own folder (quick;
 *                                                a mutant the model or scenario suites would catch survives)
 */
export const MUTATION_BAR = 95;

const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const listOnly = args.includes('--list');
const ownOnly = args.includes('--own');

const raws = readRaw().filter((raw) => raw.source === 'actors');
if (raws.length === 0) {
  console.error('mutate:machines: no machine coverage recorded to choose the tests from; run npm run coverage:machines -- --run first');
  process.exit(1);
}

/** The spec section the machine's source cites nearest before the guard's or delay's definition. */
export function specSection(source: string, name: string): string {
  const at = source.search(new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[:(]`));
  const before = at < 0 ? source : source.slice(0, at);
  const cited = [...before.matchAll(/§\s?\d+(?:\.\d+)*(?: [A-Z][\w-]*(?: [A-Z][\w-]*)*)?/g)];
  return cited.at(-1)?.[0] ?? [...source.matchAll(/§\s?\d+(?:\.\d+)*/g)][0]?.[0] ?? '(no section cited)';
}

export function mutantsOf(machine: FoundMachine): Mutant[] {
  const { guards, delays } = machine.machine.implementations;
  return [
    ...Object.keys(guards).flatMap((name) => (['negated', 'always-true', 'always-false'] as const).map((change) => ({ machine: machine.id, kind: 'guard' as const, name, change }))),
    ...Object.keys(delays).flatMap((name) => (['zero', 'double'] as const).map((change) => ({ machine: machine.id, kind: 'delay' as const, name, change }))),
  ];
}

/**
 * A mutant can make a machine loop forever (a delay of 0 that re-arms itself: the countdown's tick):
 * its tests never end, and no test timeout interrupts a loop that never yields. Each run has a time
 * limit (`timeout` ends the whole process group: npx, vitest and its workers); a mutant whose tests
 * pass it counts as killed and is reported as timed out, as Stryker counts it.
 */
const TIMED_OUT = 124;
const runTests = (files: string[], limitMs: number, mutant?: Mutant) => {
  const run = spawnSync('timeout', ['--kill-after=10', `${Math.ceil(limitMs / 1000)}`, 'npx', 'vitest', 'run', '--project', 'unit', '--project', 'dom', '--reporter=dot', ...files], {
    cwd: root,
    env: { ...process.env, ...(mutant ? { SITECHARTS_MUTANT: JSON.stringify(mutant) } : {}) },
    encoding: 'utf8',
  });
  if (run.error || run.status === null) throw new Error(`mutate:machines: the tests could not run (${run.error?.message ?? `signal ${run.signal}`})`);
  return run.status === 137 ? TIMED_OUT : run.status;
};
/** The limit: four times the tests' own time without a mutant, and never under two minutes (a loaded machine). */
const limitFor = (baselineMs: number) => Math.max(120_000, 4 * baselineMs);

interface Result {
  machine: string;
  file: string;
  tests: string[];
  killed: number;
  /** Of the killed: the mutants whose tests did not end within the limit. */
  timedOut: number;
  total: number;
  survivors: Array<Mutant & { section: string }>;
  error?: string;
}

const machines = (await discoverMachines()).filter((m) => only.length === 0 || only.includes(m.id));
const results: Result[] = [];
for (const found of machines) {
  const mutants = mutantsOf(found);
  const folder = found.file.slice(0, found.file.lastIndexOf('/') + 1);
  const tests = raws
    .filter((raw) => raw.machines[found.id] !== undefined && (!ownOnly || raw.file.startsWith(folder)))
    .map((raw) => raw.file)
    .sort();
  const source = readFileSync(join(root, found.file), 'utf8');
  if (listOnly) {
    console.log(`${found.id}: ${mutants.length} mutants; tests: ${tests.join(' ') || '(none)'}`);
    for (const m of mutants) console.log(`  ${m.kind} ${m.name} ${m.change}  (${specSection(source, m.name)})`);
    continue;
  }
  if (mutants.length === 0) continue;
  const result: Result = { machine: found.id, file: found.file, tests, killed: 0, timedOut: 0, total: mutants.length, survivors: [] };
  results.push(result);
  if (tests.length === 0) {
    result.survivors = mutants.map((m) => ({ ...m, section: specSection(source, m.name) }));
    result.error = 'no test runs this machine';
  } else {
    const began = performance.now();
    const baseline = runTests(tests, 600_000);
    const limit = limitFor(performance.now() - began);
    if (baseline !== 0) {
      result.error = 'its tests fail without a mutant; nothing counted';
      result.total = 0;
    } else
      for (const mutant of mutants) {
        const status = runTests(tests, limit, mutant);
        if (status !== 0) result.killed++;
        if (status === TIMED_OUT) result.timedOut++;
        else if (status === 0) result.survivors.push({ ...mutant, section: specSection(source, mutant.name) });
        process.stdout.write(status === TIMED_OUT ? 'T' : status !== 0 ? '.' : 'S');
      }
  }
  const timedOut = result.timedOut > 0 ? `, ${result.timedOut} of them timed out` : '';
  process.stdout.write(`\n${found.id}: ${result.killed}/${result.total} killed${timedOut}${result.error ? ` (${result.error})` : ''}\n`);
  for (const s of result.survivors) console.log(`  survived: ${s.kind} ${s.name} ${s.change} (${s.section})`);
}
if (listOnly) process.exit(0);

const killed = results.reduce((n, r) => n + r.killed, 0);
const total = results.reduce((n, r) => n + r.total, 0);
const score = total === 0 ? 100 : (100 * killed) / total;
console.log(`\nmutation score: ${killed}/${total} = ${score.toFixed(1)} % (bar ${MUTATION_BAR} %)`);
for (const r of results) console.log(`  ${r.machine.padEnd(24)} ${r.killed}/${r.total}${r.survivors.length > 0 ? `  survivors: ${r.survivors.map((s) => `${s.name} ${s.change}`).join(', ')}` : ''}`);
mkdirSync(coverageDir, { recursive: true });
const out = join(coverageDir, only.length > 0 || ownOnly ? `mutation-${[...(ownOnly ? ['own'] : []), ...only].join('-')}.json` : 'mutation.json');
writeFileSync(out, JSON.stringify({ killed, total, score, results }, null, 1));
console.log(`written: ${relative(root, out)}`);
process.exit(score >= MUTATION_BAR ? 0 : 1);
