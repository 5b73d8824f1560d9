import { loadavg } from 'node:os';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the timing lines name. */
const SLOWEST = 10;

/**
 * Prints where the run's time went (the slowest files, the sum of file times, the wall time and the
 * machine's load average, so a figure is read with the load it was taken under; docs/testing.md),
 * every test that passed only on a second try, then one closing line, `tests: N passed, N failed,
 * N skipped`, that CI reads whatever the runner's own summary looks like.
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
          const first = (result.errors?.[0]?.message ?? 'no error kept').split('\n').slice(0, 40).join('\n      ');
          secondTries.push(`  ${relative(mod.project.config.root, mod.moduleId)} > ${test.fullName}\n    first try: ${first}`);
        }
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && mod.children.size === 0) failed++;
    }
    const timed = testModules.map((mod) => ({ mod, ms: fileMs(mod) })).sort((a, b) => b.ms - a.ms);
    if (timed.length > 1) {
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const sum = timed.reduce((total, { ms }) => total + ms, 0);
      const lines = timed
        .slice(0, SLOWEST)
        .map(({ mod, ms }) => `  ${seconds(ms).padStart(8)}  ${mod.project.name.padEnd(8)} ${relative(mod.project.config.root, mod.moduleId)}`);
      process.stdout.write(
        `\nslowest files:\n${lines.join('\n')}\n` +
          `time: ${seconds(performance.now() - this.startedAt)} wall, ${seconds(sum)} summed over ${timed.length} files, load average ${loadavg()[0]?.toFixed(1)}\n`,
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
