import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The summary `npm test` ends with (tests/support/summary-reporter.ts, with the setup file
 * tests/support/file-cpu.ts): a run of two small files in a folder of their own, through the real
 * vitest CLI, with the setup files that measure each file's and each test's CPU. One file costs about
 * half a second of CPU; the other fails once and passes on its
 * second try, which the summary names with the line that failed.
 */
const ROOT = join(import.meta.dirname, '..');
const folder = mkdtempSync(join(tmpdir(), 'summary-reporter-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

writeFileSync(
  join(folder, 'vitest.config.mjs'),
  `export default { test: { globals: true, retry: 1, include: ['*.test.mjs'], reporters: [${JSON.stringify(join(ROOT, 'tests/support/summary-reporter.ts'))}], setupFiles: [${JSON.stringify(join(ROOT, 'tests/support/file-cpu.ts'))}, ${JSON.stringify(join(ROOT, 'tests/support/test-cpu.ts'))}] } };\n`,
);
writeFileSync(
  join(folder, 'busy.test.mjs'),
  `it('works for half a second of CPU', () => {\n  const until = process.cpuUsage().user + 500_000;\n  let x = 1;\n  while (process.cpuUsage().user < until) for (let i = 0; i < 100_000; i++) x = (x * 31 + i) | 0;\n  expect(x).not.toBe(0.5);\n});\n`,
);
writeFileSync(
  join(folder, 'flaky.test.mjs'),
  `let tries = 0;\nit('passes on its second try', () => {\n  tries++;\n  expect(tries).toBe(2);\n});\n`,
);

describe('the summary of a run (tests/support/summary-reporter.ts)', () => {
  it('names the files and the tests by wall and CPU time, writes every file to test-output/file-times.json, and names a second try with its line', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', folder, '--config', join(folder, 'vitest.config.mjs')], {
      cwd: folder,
      env: { ...process.env, NO_COLOR: '1', CI: '1' },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/slowest files:\n\s+wall\s+CPU\n/);
    expect(stdout).toMatch(/files that cost the most CPU \(their worker, its browsers and servers\):\n\s+wall\s+CPU\n\s+[\d.]+ s\s+[\d.]+ s\s+busy\.test\.mjs/);
    expect(stdout).toMatch(/tests that cost the most CPU \(a concurrent group's tests share theirs\):\n\s+wall\s+CPU\n\s+[\d.]+ s\s+(0\.[4-9]|1\.\d) s {2}busy\.test\.mjs > works for half a second of CPU\n/);
    expect(stdout).toMatch(/time: [\d.]+ s wall, [\d.]+ s summed over 2 files, [\d.]+ s of CPU in their workers, load average/);
    expect(stdout).toContain('passed only on a second try (1;');
    expect(stdout).toContain('first try (flaky.test.mjs:4): expected 1 to be 2');
    expect(stdout).toContain('tests: 2 passed, 0 failed, 0 skipped');

    const times = JSON.parse(readFileSync(join(folder, 'test-output/file-times.json'), 'utf8')) as { files: Array<{ file: string; wallSeconds: number; cpuSeconds: number }> };
    const busy = times.files.find((file) => file.file === 'busy.test.mjs');
    expect(busy?.cpuSeconds).toBeGreaterThanOrEqual(0.45);
    expect(busy?.wallSeconds).toBeGreaterThan(0.4);
    expect(times.files.map((file) => file.file).sort()).toEqual(['busy.test.mjs', 'flaky.test.mjs']);
  }, 90_000);
});
