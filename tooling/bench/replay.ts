import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { assign, createActor, setup, type InspectionEvent } from 'xstate';
import { option } from './process';
import type { Clock } from '../../runtime/clock';
import { createTraceRecorder } from '../../runtime/inspect';
import type { CatalogEntry } from '../../runtime/replay/catalog-types';
import { DAY_MS, replayHomePage } from './home-day';

/**
 * `npm run bench:replay`: 24 simulated hours of the home page's timers on one test clock, bare,
 * with the page's trace recorder (what the inspector needs) and with the replay's full recorder
 * (microsteps too); then `npm run replay` of a day of the countdown and of the slideshow, writing
 * the whole trace to a file. Best of 3 in-process runs. `--baseline <dir>` also replays the day
 * with an older checkout's machines and recorder, in the same run. The floor: as many events sent
 * to a one-state machine, the least XState takes for them on this machine in this run. Reported,
 * not asserted.
 */
const ROOT = resolve(import.meta.dirname, '../..');
/**
 * `npm run replay` and this bench run Node with a 64 MB young generation (`--max-semi-space-size`):
 * a day's replay allocates a snapshot, a context and inspection events per step, all short-lived,
 * and with V8's default the scavenges took about a tenth of the replay (docs/benchmarks.md).
 */
const NODE_FLAGS = ['--max-semi-space-size=64'];
const best = (run: () => number) => Math.min(run(), run(), run());

console.log(`bench:replay on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version} ${process.execArgv.filter((flag) => flag.startsWith('--max')).join(' ')}`);
let events = 0;
replayHomePage(DAY_MS, () => (event) => void (event.type === '@xstate.event' && events++));
console.log(`home page, 24 h of slideshow, countdown, 3 counters, progress bars: ${events} events`);
const rows: Array<[string, number]> = [];
const baselineDir = option(process.argv.slice(2), 'baseline', '');
if (baselineDir) {
  // The same day with an older checkout's machines and recorder (its countdown, its array buffer).
  const old = resolve(baselineDir);
  // The demo's catalog moved out of the package's tooling/replay/catalog (issue 48); an older checkout has it there.
  const catalogFile = ['tooling/replay/demo-catalog/index.ts', 'tooling/replay/catalog/index.ts'].map((file) => join(old, file)).find((file) => existsSync(file)) ?? '';
  const { catalog: oldCatalog } = (await import(catalogFile)) as { catalog: Record<string, CatalogEntry> };
  const { createTraceRecorder: oldRecorder } = (await import(join(old, 'runtime/inspect.ts'))) as { createTraceRecorder: (clock: Pick<Clock, 'now'>) => { inspect: (event: InspectionEvent) => void } };
  rows.push(['before: bare', best(() => replayHomePage(DAY_MS, undefined, oldCatalog).ms)]);
  rows.push(['before: trace recorder (the page ran this)', best(() => replayHomePage(DAY_MS, (clock) => oldRecorder(clock).inspect, oldCatalog).ms)]);
}
rows.push(['bare (no inspection)', best(() => replayHomePage(DAY_MS).ms)]);
rows.push(['page trace recorder (events, snapshots)', best(() => replayHomePage(DAY_MS, (clock) => createTraceRecorder(clock, { kinds: 'page' }).inspect).ms)]);
rows.push(['full trace recorder (with microsteps)', best(() => replayHomePage(DAY_MS, (clock) => createTraceRecorder(clock).inspect).ms)]);
// The machine's floor, as bench:static's plain http server is the server's: as many events sent
// straight to a one-state machine with one assign (no timers, no clock, no inspection), and with
// the page's recorder listening. The day cannot replay faster than XState takes these.
const floorMachine = setup({}).createMachine({ context: { n: 0 }, on: { tick: { actions: assign({ n: ({ context }) => context.n + 1 }) } } });
const floor = (listen?: (event: InspectionEvent) => void) => {
  const actor = createActor(floorMachine, listen ? { inspect: listen } : {}).start();
  const started = performance.now();
  for (let i = 0; i < events; i++) actor.send({ type: 'tick' });
  const ms = performance.now() - started;
  actor.stop();
  return ms;
};
rows.push([`floor: ${events} events, one-state machine`, best(() => floor())]);
rows.push(['floor, with the page trace recorder', best(() => floor(createTraceRecorder({ now: () => 0 }, { kinds: 'page' }).inspect))]);
for (const [label, ms] of rows) console.log(`  ${label.padEnd(42)} ${ms.toFixed(0).padStart(6)} ms`);

const dir = mkdtempSync(join(tmpdir(), 'sitecharts-replay-bench-'));
try {
  const scenarios = [
    { name: 'countdown: a day of ticks', machine: 'countdown', input: { target: 40 * DAY_MS, smallest: 1, largest: 5 }, steps: [{ send: { type: 'countdown.start' } }, { advance: DAY_MS }, { expect: 'running' }] },
    { name: 'slideshow: a day of autoplay', machine: 'slideshow', steps: [{ advance: DAY_MS }] },
  ];
  for (const scenario of scenarios) {
    const file = join(dir, `${scenario.machine}.json`);
    const out = join(dir, `${scenario.machine}.trace.txt`);
    writeFileSync(file, JSON.stringify(scenario));
    const started = performance.now();
    const printed = execFileSync(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'tooling/replay/cli.ts', file, '--out', out], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const ms = performance.now() - started;
    const shown = /showing the last .*/.exec(printed)?.[0] ?? '';
    console.log(`  npm run replay, ${scenario.name.padEnd(30)} ${ms.toFixed(0).padStart(6)} ms (process, tsx included); trace file ${(statSync(out).size / 1e6).toFixed(1)} MB; ${shown}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
