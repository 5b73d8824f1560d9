import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run replay -- <file>` as a user runs it: the CLI (tooling/replay/cli.ts) in its own Node
 * process from the project root, on a scenario that passes and on one that fails.
 */
const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'replay-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function replay(...files: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tooling/replay/cli.ts', ...files], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

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
