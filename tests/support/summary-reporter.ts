import { spawnSync } from 'node:child_process';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one closing line, `tests: N passed, N failed, N skipped`, that CI reads whatever the
 * runner's own summary looks like. With MACHINE_COVERAGE=check (`npm test`), the machine coverage
 * the run recorded is held to its thresholds first (`npm run coverage:machines`, issue 50): a machine
 * below its bar counts as one failure, so the closing line and the exit code say so.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && mod.children.size === 0) failed++;
    }
    if (process.env.MACHINE_COVERAGE === 'check') {
      const check = spawnSync('npx', ['tsx', 'tooling/coverage/machines.ts'], { stdio: 'inherit' });
      if (check.status !== 0) {
        failed++;
        process.exitCode = 1;
        process.stdout.write('\nmachine coverage: below its thresholds (npm run coverage:machines; docs/testing.md#machine-coverage)\n');
      }
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
