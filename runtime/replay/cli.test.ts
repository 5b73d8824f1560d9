import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run replay` as a tester runs it: a minute of countdown ticks, more lines than it shows. */
const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'sitecharts-replay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scenario = join(dir, 'minute.json');
writeFileSync(
  scenario,
  JSON.stringify({
    name: 'countdown: a minute',
    machine: 'countdown',
    input: { target: 3_600_000, smallest: 1, largest: 2 },
    steps: [{ send: { type: 'countdown.start' } }, { advance: 60_000 }, { expect: 'running', context: { left: { minutes: 59, seconds: 0 } } }],
  }),
);
const replay = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'runtime/replay/cli.ts', scenario, ...args], { cwd: ROOT, encoding: 'utf8' });

describe('npm run replay: the whole trace on request, and a word when it shows only part (issue 15)', () => {
  it('--out writes every line; the terminal shows the last N and says how many there were', () => {
    const out = join(dir, 'trace.txt');
    const printed = replay('--out', out, '--lines', '5');
    const written = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(written[0]).toBe(`countdown: a minute  (${scenario})`);
    const traceLines = written.slice(1);
    // The first second is there, not only the end: 60 ticks of timer, step and state lines.
    expect(traceLines[0]).toBe('        0 ms  state  "idle"');
    expect(traceLines.filter((line) => line.includes(' timer '))).toHaveLength(60);
    expect(traceLines.at(-1)).toBe('    60000 ms  ok     expect "running" {"left":{"minutes":59,"seconds":0}}');
    expect(printed).toContain(`showing the last 5 of ${traceLines.length} lines (every line is in ${out})`);
    const shown = printed.split('\n').filter((line) => / ms {2}/.test(line));
    expect(shown).toEqual(traceLines.slice(-5));
    expect(printed).toContain('replay: 1 passed, 0 failed');
  });

  it('without --out it says how to get the rest; with room for everything it says nothing', () => {
    expect(replay('--lines', '10')).toMatch(/showing the last 10 of \d+ lines \(add --out <file> to write them all\)/);
    expect(replay()).not.toContain('showing the last');
  });
});
