import { closeSync, openSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { catalog } from './catalog/index';
import { runScenario } from '../../runtime/replay/run';
import { parseScenario } from '../../runtime/replay/scenario';

/**
 * `npm run replay -- <scenario.json> [more.json …] [--out trace.txt] [--lines N]`: replays each
 * scenario and prints its transition trace, the last N lines of it (2,000 unless given) and a line
 * that says so when there were more; `--out` writes every line of every trace to a file. Exits 1
 * on a failed expectation.
 */
export const SHOWN_LINES = 2000;
const USAGE = 'usage: npm run replay -- <scenario.json> [more.json …] [--out trace.txt] [--lines N]';

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

function parseArgs(argv: readonly string[]): { files: string[]; out?: string; shown: number } | string {
  const files: string[] = [];
  let out: string | undefined;
  let shown = SHOWN_LINES;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--out') {
      out = argv[++i];
      if (!out) return '--out needs a file name';
    } else if (arg === '--lines') {
      shown = Number(argv[++i]);
      if (!Number.isInteger(shown) || shown < 0) return '--lines needs a whole number, 0 or more';
    } else files.push(arg);
  }
  return files.length === 0 ? 'no scenario file given' : { files, out, shown };
}

const args = parseArgs(process.argv.slice(2));
if (typeof args === 'string') {
  console.error(`${args}\n${USAGE}`);
  process.exit(2);
}
const writer = args.out ? lineWriter(args.out) : undefined;
let failed = 0;
for (const file of args.files) {
  let result;
  try {
    const scenario = parseScenario(JSON.parse(await readFile(file, 'utf8')), file);
    writer?.write(`${scenario.name}  (${file})`);
    result = runScenario(scenario, catalog, { keepLines: args.shown, onLine: writer?.write });
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    failed++;
    continue;
  }
  console.log(`\n${result.scenario}  (${file})`);
  if (result.totalLines > result.lines.length) {
    const where = args.out ? `every line is in ${args.out}` : 'add --out <file> to write them all';
    console.log(`showing the last ${result.lines.length} of ${result.totalLines} lines (${where})`);
  }
  for (const text of result.lines) console.log(text);
  if (result.failures.length > 0) {
    failed++;
    for (const failure of result.failures) console.error(`FAILED ${failure}`);
  }
}
writer?.close();
console.log(`\nreplay: ${args.files.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
