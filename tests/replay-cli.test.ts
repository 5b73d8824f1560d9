import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenarioFile } from '../runtime/replay/scenario';
import { compileCli, type CompiledCli } from './support/compiled-cli';
import { compiledReplayCli, type ReplayRun } from './support/replay-cli';

/**
 * `npm run replay -- <file>` as a user runs it: the CLI (tooling/replay/cli.ts) in its own Node
 * process from the project root, on a scenario that passes and on one that fails.
 *
 * Issue 48: the CLI is started some fifteen times here, and under tsx each start cost about 3.5 s of
 * CPU, its replay a tenth of that. So the CLI's TypeScript is compiled once for the file
 * (tests/support/compiled-cli.ts) and started with plain `node`; the slow reader's run starts it from
 * its source under tsx, as `npm run replay` does, and must print byte for byte what the compiled one does.
 */
const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'replay-cli-'));
let compiled: CompiledCli | undefined;
beforeAll(async () => {
  compiled = await compileCli(['tooling/replay/cli.ts']);
}, 120_000);
afterAll(() => {
  compiled?.remove();
  rmSync(scratch, { recursive: true, force: true });
});
const replay = (...args: string[]): Promise<ReplayRun> => {
  if (!compiled) throw new Error('the replay CLI was not compiled');
  return compiledReplayCli(compiled)(...args);
};


/** A shell pipeline from the project root, as a tester types it (`… | head -1`, `… | slow reader > f`). */
function shell(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd: root, maxBuffer: 1 << 26 }, (error, stdout, stderr) =>
      resolve({ code: error && typeof error.code === 'number' ? error.code : 0, stdout, stderr }),
    );
  });
}
/** The CLI from its TypeScript source, as the npm script starts it. */
const sourceCli = `${JSON.stringify(process.execPath)} --import tsx tooling/replay/cli.ts`;
/** The compiled CLI, for a shell pipeline. */
const compiledCli = () => {
  if (!compiled) throw new Error('the replay CLI was not compiled');
  const env = Object.entries(compiled.env).map(([name, value]) => `${name}=${JSON.stringify(value ?? '')}`).join(' ');
  return `${env} ${JSON.stringify(process.execPath)} ${compiled.args('tooling/replay/cli.ts').map((arg) => JSON.stringify(arg)).join(' ')}`;
};
const shipped = readdirSync(join(root, 'tests/scenarios')).filter((name) => name.endsWith('.json'));
/** What the CLI counts: a one-actor file is one scenario, a whole-page file one per actor (issue 28). */
const replayed = shipped.reduce((sum, file) => sum + parseScenarioFile(JSON.parse(readFileSync(join(root, 'tests/scenarios', file), 'utf8')), file).length, 0);

/** A trace line: the clock's time in ms, the kind, then what happened. */
const traceLine = (kind: string, text: string) => new RegExp(`^ +\\d+ ms {2}${kind} +${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm');

describe('npm run replay (tooling/replay/cli.ts)', () => {
  it('replays a passing scenario: a timestamped trace, exit code 0', async () => {
    const { code, stdout, stderr } = await replay('tests/scenarios/tooltip.json');
    expect(stderr).not.toContain('FAILED');
    expect(code).toBe(0);
    expect(stdout).toContain('(tests/scenarios/tooltip.json)');
    expect(stdout).toMatch(traceLine('event', 'pointer.enter'));
    // The 1500 ms rest delay fires on the replay clock at 1500 ms and moves waiting -> open.
    expect(stdout).toMatch(/^ +1500 ms {2}timer +xstate\.after\./m);
    expect(stdout).toMatch(/^ +1500 ms {2}step +\S*waiting\S* -> \S*open/m);
    expect(stdout).toMatch(traceLine('ok', 'expect "open"'));
    expect(stdout).toContain('replay: 1 passed, 0 failed');
  }, 60_000);

  it('a failed expectation: names the step and the state found, exit code 1', async () => {
    const file = join(scratch, 'tooltip-wrong.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'tooltip: expects it closed after resting 1500 ms (it is open)',
        machine: 'tooltip',
        steps: [{ send: { type: 'pointer.enter' } }, { advance: 1500 }, { expect: 'closed' }],
      }),
    );
    const { code, stdout, stderr } = await replay('tests/scenarios/tooltip.json', file);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^ +1500 ms {2}step +\S*waiting\S* -> \S*open/m);
    expect(stdout).toMatch(traceLine('FAIL', 'expect "closed": state is "open"'));
    expect(stderr).toContain('FAILED step 3: expect "closed": state is "open"');
    expect(stdout).toContain('replay: 1 passed, 1 failed');
  }, 60_000);
});

describe('npm run replay: the whole trace on request, and a word when it shows only part (issue 15)', () => {
  /** A minute of countdown ticks: more lines than the terminal is asked to show. */
  const minute = () => {
    const file = join(scratch, 'countdown-minute.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'countdown: a minute',
        machine: 'countdown',
        input: { target: 3_600_000, smallest: 1, largest: 2 },
        steps: [{ send: { type: 'countdown.start' } }, { advance: 60_000 }, { expect: 'running', context: { left: { minutes: 59, seconds: 0 } } }],
      }),
    );
    return file;
  };

  it('--out writes every line; the terminal shows the last N and says how many there were', async () => {
    const file = minute();
    const out = join(scratch, 'trace.txt');
    const { code, stdout } = await replay(file, '--out', out, '--lines', '5');
    expect(code).toBe(0);
    const written = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(written[0]).toBe(`countdown: a minute  (${file})`);
    const trace = written.slice(1);
    // The whole minute is in the file, from its first line: 60 ticks, not only the last ones.
    expect(trace[0]).toBe('        0 ms  state  "idle"');
    expect(trace.filter((line) => / timer {2}countdown\.tick$/.test(line))).toHaveLength(60);
    expect(trace.at(-1)).toBe('    60000 ms  ok     expect "running" {"left":{"minutes":59,"seconds":0}}');
    expect(stdout).toContain(`showing the last 5 of ${trace.length} lines (every line is in ${out})`);
    expect(stdout.split('\n').filter((line) => / ms {2}/.test(line))).toEqual(trace.slice(-5));
  }, 60_000);

  it('without --out it says how to get the rest; with room for everything it says nothing', async () => {
    const file = minute();
    expect((await replay(file, '--lines', '10')).stdout).toMatch(/showing the last 10 of \d+ lines \(add --out <file> to write them all\)/);
    expect((await replay(file)).stdout).not.toContain('showing the last');
  }, 60_000);
});

describe('npm run replay: the CLI a tester expects (issue 28)', () => {
  it('--help prints the usage and the exit codes, exit 0; it is not read as a file', async () => {
    const { code, stdout, stderr } = await replay('--help');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('usage: npm run replay -- <scenario>');
    expect(stdout).toContain('Exit code: 0 every expectation held, 1 an expectation failed, 2 bad input.');
  }, 60_000);

  it('--list names every shipped scenario and the catalog machines', async () => {
    const { code, stdout } = await replay('--list');
    expect(code).toBe(0);
    for (const file of shipped) expect(stdout).toContain(`  tests/scenarios/${file}  `);
    expect(stdout).toMatch(/^ {2}tests\/scenarios\/tooltip\.json {2}tooltip: /m);
    expect(stdout).toMatch(/^ {2}slideshow {2}\(machine id slider\)/m);
    expect(stdout).toMatch(/^ {2}sticky-header {2}/m);
    // A whole-page file is listed with its actors' machines.
    expect(stdout).toMatch(/^ {2}tests\/scenarios\/page-about-desktop-seed-1\.json {2}a whole page: .*table-of-contents/m);
  }, 60_000);

  it('a directory, a quoted glob and a bare scenario name each expand to their files', async () => {
    const all = await replay('tests/scenarios', '--lines', '0');
    expect(all.code).toBe(0);
    expect(all.stdout).toContain(`replay: ${replayed} passed, 0 failed`);
    const glob = await replay('tests/scenarios/text-rotator-*.json', '--lines', '0');
    expect(glob.stdout).toContain('(tests/scenarios/text-rotator-single-line.json)');
    expect(glob.stdout).toContain('(tests/scenarios/text-rotator-typewriter.json)');
    expect(glob.stdout).toContain('replay: 2 passed, 0 failed');
    const named = await replay('tooltip');
    expect(named.code).toBe(0);
    expect(named.stdout).toContain('(tests/scenarios/tooltip.json)');
  }, 300_000);

  it('bad input is one line each and exit 2: JSON at line:column, a step by its number, an unknown name or machine', async () => {
    const json = join(scratch, 'broken.json');
    writeFileSync(json, '{\n  "machine": "tooltip",\n  "steps": [\n    { "send": { "type": "pointer.enter" } },\n  ]\n}\n');
    const step = join(scratch, 'misspelt.json');
    writeFileSync(step, JSON.stringify({ machine: 'tooltip', steps: [{ send: { type: 'pointer.enter' } }, { advanc: 10 }] }));
    const machine = join(scratch, 'machine.json');
    writeFileSync(machine, JSON.stringify({ machine: 'x:0', steps: [] }));
    const { code, stdout, stderr } = await replay(json, step, 'no-such-scenario', machine);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toEqual([
      "no-such-scenario: no such scenario file (scenarios live in tests/scenarios/; npm run replay -- --list names them)",
      `${json}:5:3: not JSON: a trailing ',' before ']'`,
      `${step}: step 2 must have "send", "advance" or "expect"`,
      `${machine}: no machine named 'x:0' (npm run replay -- --list names them)`,
    ]);
    expect(stdout).toContain('replay: 0 passed, 0 failed, 4 not replayed (bad input)');
    const option = await replay('--verbose');
    expect(option.code).toBe(2);
    expect(option.stderr.split('\n')[0]).toBe('unknown option --verbose');
  }, 60_000);

  it('`| head -1` ends quietly with the first line; a slow reader gets every byte, the summary last', async () => {
    const head = await shell(`${compiledCli()} tests/scenarios | head -1`);
    expect(head.code).toBe(0);
    expect(head.stdout).toBe('\n');
    expect(head.stderr).toBe('');
    const out = join(scratch, 'slow.txt');
    // The reader starts late: everything the CLI wrote meanwhile waits in the pipe and Node's buffer.
    const slow = await shell(`${sourceCli} tests/scenarios --lines 100000 | (sleep 2; cat) > ${JSON.stringify(out)}`);
    expect(slow.code).toBe(0);
    const fast = await replay('tests/scenarios', '--lines', '100000');
    const received = readFileSync(out, 'utf8');
    expect(received.length).toBeGreaterThan(65_536);
    expect(received).toBe(fast.stdout);
    expect(received.trimEnd().split('\n').at(-1)).toBe(`replay: ${replayed} passed, 0 failed`);
  }, 120_000);
});
