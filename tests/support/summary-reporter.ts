import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the timing lines name. */
const SLOWEST = 10;

/**
 * Prints where the run's time went (the slowest files and those that cost the most CPU, the sum of
 * file times, the wall time and the machine's load average, so a figure is read with the load it was
 * taken under; docs/testing.md; every file's figures in test-output/file-times.json), every test that
 * passed only on a second try, then one closing line, `tests: N passed, N failed, N skipped`, that CI
 * reads whatever the runner's own summary looks like.
 */
export default class SummaryReporter implements Reporter {
  private startedAt = performance.now();

  onTestRunStart() {
    this.startedAt = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const secondTries: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const result = test.result();
        const { state } = result;
        if (result.state === 'passed' && test.diagnostic()?.flaky) {
          // With the first try's error, which the runner's own report leaves out of a pass: whole (up
          // to 40 lines), since a test's message may lead with what the page did (a trace).
          // With where it failed: the test file's line (which of several waits ran out).
          const error = result.errors?.[0];
          const first = (error?.message ?? 'no error kept').split('\n').slice(0, 40).join('\n      ');
          const at = error?.stacks?.find((frame) => frame.file === mod.moduleId);
          const where = at ? ` (${relative(mod.project.config.root, at.file)}:${at.line})` : '';
          secondTries.push(`  ${relative(mod.project.config.root, mod.moduleId)} > ${test.fullName}\n    first try${where}: ${first}`);
        }
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && mod.children.size === 0) failed++;
    }
    const timed = testModules.map((mod) => ({ mod, ms: fileMs(mod), cpu: mod.meta().cpuSeconds })).sort((a, b) => b.ms - a.ms);
    if (timed.length > 1) {
      // Every file's figures, for a comparison across runs: test-output/file-times.json.
      const root = timed[0]?.mod.project.config.root ?? process.cwd();
      mkdirSync(join(root, 'test-output'), { recursive: true });
      const rows = timed.map(({ mod, ms, cpu }) => ({ file: relative(root, mod.moduleId), project: mod.project.name, wallSeconds: Math.round(ms) / 1000, cpuSeconds: cpu === undefined ? null : Math.round(cpu * 100) / 100 }));
      writeFileSync(join(root, 'test-output/file-times.json'), `${JSON.stringify({ loadAverage: loadavg()[0], files: rows }, null, 1)}\n`);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const cpu = (cpuSeconds: number | undefined) => (cpuSeconds === undefined ? '' : `${cpuSeconds.toFixed(1)} s`);
      const line = ({ mod, ms, cpu: cpuSeconds }: (typeof timed)[number]) =>
        `  ${seconds(ms).padStart(8)} ${cpu(cpuSeconds).padStart(9)}  ${mod.project.name.padEnd(8)} ${relative(mod.project.config.root, mod.moduleId)}`;
      const sum = timed.reduce((total, { ms }) => total + ms, 0);
      // The CPU a file cost (tests/support/file-cpu.ts): on a machine whose cores are all busy, what
      // the run's time is made of, where a file's wall time also holds its waits for a core.
      const byCpu = timed.filter((file) => file.cpu !== undefined).sort((a, b) => (b.cpu ?? 0) - (a.cpu ?? 0));
      const cpuSum = byCpu.reduce((total, file) => total + (file.cpu ?? 0), 0);
      const heading = `      wall       CPU`;
      process.stdout.write(
        `\nslowest files:\n${heading}\n${timed.slice(0, SLOWEST).map(line).join('\n')}\n` +
          (byCpu.length > 1 ? `\nfiles that cost the most CPU (their worker, its browsers and servers):\n${heading}\n${byCpu.slice(0, SLOWEST).map(line).join('\n')}\n` : '') +
          costliestTests(testModules) +
          `time: ${seconds(performance.now() - this.startedAt)} wall, ${seconds(sum)} summed over ${timed.length} files` +
          (byCpu.length > 0 ? `, ${cpu(cpuSum)} of CPU in their workers` : '') +
          `, load average ${loadavg()[0]?.toFixed(1)}\n`,
      );
    }
    // A test that failed and passed when run again (the e2e project's retry): a defect to look into.
    if (secondTries.length > 0) process.stdout.write(`\npassed only on a second try (${secondTries.length}; docs/testing.md, "Second tries"):\n${secondTries.join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** A file's own time: importing it, its hooks and its tests (not the wait for a free worker). */
function fileMs(mod: TestModule): number {
  const diagnostic = mod.diagnostic();
  return diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
}

/** The tests that cost the most CPU, where it was measured (the e2e project: tests/support/test-cpu.ts). */
function costliestTests(testModules: ReadonlyArray<TestModule>): string {
  const tests = testModules.flatMap((mod) =>
    [...mod.children.allTests()].flatMap((test) => {
      const cpu = test.meta().cpuSeconds;
      return cpu === undefined ? [] : [{ cpu, wall: test.diagnostic()?.duration ?? 0, name: `${relative(mod.project.config.root, mod.moduleId)} > ${test.name}` }];
    }),
  );
  if (tests.length < 2) return '';
  const lines = tests
    .sort((a, b) => b.cpu - a.cpu)
    .slice(0, SLOWEST)
    .map(({ cpu, wall, name }) => `  ${`${(wall / 1000).toFixed(1)} s`.padStart(8)} ${`${cpu.toFixed(1)} s`.padStart(9)}  ${name.length > 110 ? `${name.slice(0, 109)}…` : name}`);
  return `\ntests that cost the most CPU (a concurrent group's tests share theirs):\n      wall       CPU\n${lines.join('\n')}\n`;
}
