import { closeSync, openSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { jsonFilesUnder, resolveScenarioArgument, SCENARIO_DIR } from './files';
import { parseJson } from './json-error';
import { findEntry, runScenario } from '../../runtime/replay/run';
import { parseScenarioFile, type Scenario } from '../../runtime/replay/scenario';
import { buildIdOf } from '../../server/reports/build-id';
import { isReportFile, reportFile, type ReportFile } from '../../server/reports/report-file';
import { join, resolve } from 'node:path';

/**
 * `npm run replay -- <scenario> [more …] [--out trace.txt] [--lines N]`: replays each scenario and
 * prints its transition trace, the last N lines of it (2,000 unless given) and a line that says so
 * when there were more; `--out` writes every line of every trace to a file. Exit codes (issue 28):
 * 0 every expectation held, 1 one failed, 2 bad input (a file that is missing or not a scenario, an
 * unknown machine, a bad option). Output is never cut short on a pipe: the exit code is set, never
 * forced, so Node writes out what is still buffered before it exits.
 */
export const SHOWN_LINES = 2000;
const USAGE = `usage: npm run replay -- <scenario> [more …] [--out trace.txt] [--lines N]
       npm run replay -- --list
       npm run replay -- --help`;
const HELP = `${USAGE}

Replays scenarios (docs/testing.md, "Replay scenarios") on the ordered test clock and prints each
transition trace with the clock's time.

  <scenario>     a .json file, a directory (every .json in it), a glob ('tests/scenarios/slide*'),
                 the name of a shipped scenario (slideshow = ${SCENARIO_DIR}/slideshow.json),
                 or report:<id>, a visitor's problem report from the site's store (npm run reports)
  --out <file>   write every line of every trace to <file>
  --lines <N>    show the last N lines of each trace here (default ${SHOWN_LINES})
  --list         list the scenarios in ${SCENARIO_DIR}/ and the machines a scenario can name
  --help         this text

Exit code: 0 every expectation held, 1 an expectation failed, 2 bad input.`;

/** stdout in large writes; a reader that goes away (\`| head -1\`) ends the output quietly. */
const stdout = (() => {
  let closed = false;
  let pending = '';
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  const flush = () => {
    if (!closed && pending !== '') process.stdout.write(pending);
    pending = '';
  };
  return {
    line(text: string) {
      pending += `${text}\n`;
      if (pending.length >= 1 << 16) flush();
    },
    flush,
  };
})();

/** Buffers lines and writes them to a file in large blocks (a day of ticks is ~500,000 lines). */
function lineWriter(path: string) {
  const fd = openSync(path, 'w');
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    if (pending.length > 0) writeSync(fd, pending.join(''));
    pending = [];
    size = 0;
  };
  return {
    write(text: string) {
      pending.push(text, '\n');
      size += text.length + 1;
      if (size >= 1 << 16) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

type Args = { mode: 'help' } | { mode: 'list' } | { mode: 'replay'; inputs: string[]; out?: string; shown: number };

function parseArgs(argv: readonly string[]): Args | string {
  const inputs: string[] = [];
  let out: string | undefined;
  let shown = SHOWN_LINES;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { mode: 'help' };
    if (arg === '--list') return { mode: 'list' };
    if (arg === '--out') {
      out = argv[++i];
      if (!out) return '--out needs a file name';
    } else if (arg === '--lines') {
      shown = Number(argv[++i]);
      if (!Number.isInteger(shown) || shown < 0) return '--lines needs a whole number, 0 or more';
    } else if (arg.startsWith('-') && arg !== '-') return `unknown option ${arg}`;
    else inputs.push(arg);
  }
  return inputs.length === 0 ? 'no scenario given' : { mode: 'replay', inputs, out, shown };
}

/**
 * A scenario file read and checked, as the scenarios it replays (a whole-page file: one per actor),
 * or the one line that says why it cannot be replayed.
 */
async function load(file: string): Promise<Array<Scenario & { start?: number }> | string> {
  // Issue 51: a visitor's problem report, from the store, or a report file (npm run reports -- <id>).
  if (file.startsWith(REPORT_PREFIX)) {
    const report = await storedReport(file.slice(REPORT_PREFIX.length)).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    if (typeof report === 'string') return `${file}: ${report}`;
    warnOfOtherBuild(file, report);
    return parseScenarioFile(report.scenario, file);
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return `${file}: cannot be read (${error instanceof Error && 'code' in error ? String(error.code) : String(error)})`;
  }
  const parsed = parseJson(text);
  if ('problem' in parsed) return `${file}:${parsed.problem.line}:${parsed.problem.column}: not JSON: ${parsed.problem.reason}`;
  try {
    if (isReportFile(parsed.value)) {
      warnOfOtherBuild(file, parsed.value);
      return parseScenarioFile(parsed.value.scenario, file);
    }
    return parseScenarioFile(parsed.value, file);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const REPORT_PREFIX = 'report:';

/** A stored problem report (the store at DATABASE_URL or DATA_DIR/site.db, as `npm run reports` reads it). */
async function storedReport(id: string): Promise<ReportFile> {
  if (!/^\d+$/.test(id)) throw new Error('name a report by its number: report:<id> (npm run reports lists them)');
  const { openForExport } = await import('../../server/export');
  const { store, local } = await openForExport(process.env);
  try {
    const row = await store.report(Number(id));
    if (!row) throw new Error(`no problem report ${id} (npm run reports lists them)`);
    return reportFile(row);
  } finally {
    await store.close();
    local?.close();
  }
}

/**
 * Issue 51: a report made by another build than the one here (dist/client, or STATIC_DIR) ran other
 * code: said before it replays, since a divergence may be the code's change and not the bug.
 */
function warnOfOtherBuild(source: string, report: ReportFile) {
  const here = buildIdOf(resolve(process.env.STATIC_DIR || join(process.env.OUT_DIR || 'dist', 'client')));
  if (report.build !== here) {
    console.error(`warning: ${source} was made by build ${report.build}; the build here is ${here ?? 'none (run npm run build)'}. The replay runs today's machines, so a divergence may come from what changed since.`);
  }
}

async function list() {
  const catalog = await (await import('./catalog/site')).loadCatalog();
  stdout.line(`Scenarios in ${SCENARIO_DIR}/ (npm run replay -- <file or name>):`);
  for (const file of jsonFilesUnder(SCENARIO_DIR)) {
    const scenarios = await load(file);
    if (typeof scenarios === 'string') stdout.line(`  ${file}  (not a scenario: ${scenarios})`);
    else if (scenarios.length === 1 && scenarios[0]) stdout.line(`  ${file}  ${scenarios[0].machine}: ${scenarios[0].name}`);
    else stdout.line(`  ${file}  a whole page: ${scenarios.map((scenario) => scenario.machine).join(', ')}`);
  }
  stdout.line('');
  stdout.line('Machines a scenario can name ("machine"):');
  for (const [name, entry] of Object.entries(catalog)) stdout.line(`  ${name}  (machine id ${entry.machine.id})${entry.source ? `  ${entry.source}` : ''}`);
}

async function replay(args: Extract<Args, { mode: 'replay' }>): Promise<number> {
  const files: string[] = [];
  let badInput = 0;
  for (const input of args.inputs) {
    if (input.startsWith(REPORT_PREFIX)) {
      files.push(input);
      continue;
    }
    const resolved = resolveScenarioArgument(input);
    if ('error' in resolved) {
      console.error(resolved.error);
      badInput++;
    } else files.push(...resolved.files);
  }
  const catalog = await (await import('./catalog/site')).loadCatalog();
  const writer = args.out ? lineWriter(args.out) : undefined;
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const scenarios = await load(file);
    if (typeof scenarios === 'string') {
      console.error(scenarios);
      badInput++;
      continue;
    }
    const unknown = scenarios.find((scenario) => !findEntry(catalog, scenario.machine));
    if (unknown) {
      console.error(`${file}: no machine named '${unknown.machine}' (npm run replay -- --list names them)`);
      badInput++;
      continue;
    }
    for (const scenario of scenarios) {
      writer?.write(`${scenario.name}  (${file})`);
      const result = runScenario(scenario, catalog, { keepLines: args.shown, onLine: writer?.write });
      stdout.line(`\n${result.scenario}  (${file})`);
      if (result.totalLines > result.lines.length) {
        const where = args.out ? `every line is in ${args.out}` : 'add --out <file> to write them all';
        stdout.line(`showing the last ${result.lines.length} of ${result.totalLines} lines (${where})`);
      }
      for (const text of result.lines) stdout.line(text);
      if (result.failures.length > 0) {
        failed++;
        stdout.flush();
        // In a whole-page file, which actor diverged.
        const who = scenario.start !== undefined ? `${scenario.machine} (+${scenario.start} ms): ` : '';
        for (const failure of result.failures) console.error(`FAILED ${who}${failure}  (${file})`);
      } else passed++;
    }
  }
  writer?.close();
  stdout.line(`\nreplay: ${passed} passed, ${failed} failed${badInput > 0 ? `, ${badInput} not replayed (bad input)` : ''}`);
  return badInput > 0 ? 2 : failed > 0 ? 1 : 0;
}

const args = parseArgs(process.argv.slice(2));
if (typeof args === 'string') {
  console.error(`${args}\n${USAGE}`);
  process.exitCode = 2;
} else if (args.mode === 'help') {
  stdout.line(HELP);
} else if (args.mode === 'list') {
  await list();
} else {
  process.exitCode = await replay(args);
}
stdout.flush();
