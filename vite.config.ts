import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import LongFilesFirst from './tests/support/sequencer.ts';
import { UNIT_INCLUDE, domTestFiles } from './tests/support/test-projects.ts';
import client from './tooling/build/vite.client.config.ts';

/** The unit test files that declare a DOM environment (jsdom): the dom project, the others the unit project. */
const DOM_FILES = domTestFiles(import.meta.dirname);

/**
 * The client build's config (tooling/build/vite.client.config.ts: the site folder, its entry, the
 * engine's package exports) and, for vitest, the test projects. The server build has its own
 * (tooling/build/vite.server.config.ts).
 */
export default mergeConfig(
  client,
  defineConfig({
    test: {
      reporters: ['default', './tests/support/summary-reporter.ts'],
      // The files that take minutes first, also on a clean clone with no timing cache (issue 48).
      sequence: { sequencer: LongFilesFirst },
      // Unit and postgres files side by side (two at a time on a 2-core machine, where vitest's default
      // is one); the e2e files, two at a time (their project's maxWorkers), run after them
      // (sequence.groupOrder), so no browser test shares the cores with a unit suite. Three unit files
      // at a time were tried (2026-12-06): 291 s against 328 s, then 268 s against 267 s (docs/testing.md).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            sequence: { groupOrder: 0 },
            // Server suites start the real server process; on a loaded 2-core machine that takes seconds.
            testTimeout: 30_000,
            hookTimeout: 60_000,
            include: UNIT_INCLUDE,
            // The files with a DOM environment are the dom project's.
            exclude: [...configDefaults.exclude, ...DOM_FILES],
            environment: 'node',
            // Issue 48: a worker runs one file after another, its modules imported once, instead of a
            // fresh worker per file (which cost more than the tests of most files: 108 files of machines,
            // provider, demo, runtime and server/search ran in 80 s instead of 150 s). The files share no state: none sets process.env or a global, and
            // each starts its own servers in temporary folders. Files that need a fresh jsdom window run
            // in the dom project, isolated.
            isolate: false,
            // Issue 50: every actor a test creates records its states and transitions (npm run coverage:machines).
            setupFiles: ['tests/support/machine-coverage.ts', 'tests/support/file-cpu.ts'],
          },
        },
        {
          extends: true,
          test: {
            // The unit files that declare `@vitest-environment jsdom`, each in a fresh worker: a jsdom
            // window keeps what a file left on it (its location, scroll offsets, globals).
            name: 'dom',
            sequence: { groupOrder: 0 },
            testTimeout: 30_000,
            hookTimeout: 60_000,
            include: DOM_FILES,
            environment: 'node',
            setupFiles: ['tests/support/machine-coverage.ts', 'tests/support/file-cpu.ts'],
          },
        },
        {
          extends: true,
          test: {
            // Issue 16: the server suites that store something, again on a real PostgreSQL (one for the
            // run, a database per server) instead of the SQLite file.
            name: 'postgres',
            sequence: { groupOrder: 0 },
            testTimeout: 30_000,
            hookTimeout: 60_000,
            include: ['server/forms/forms.test.ts', 'server/forms/durability.test.ts', 'server/newsletter/newsletter.test.ts', 'server/privacy.test.ts', 'server/metrics.test.ts', 'server/store/backup.test.ts', 'server/vitals/vitals.test.ts'],
            environment: 'node',
            globalSetup: ['tests/support/postgres-setup.ts'],
            setupFiles: ['tests/support/file-cpu.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            sequence: { groupOrder: 1 },
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/support/e2e-setup.ts'],
            // Each test's CPU as well with TEST_CPU=1 (two looks at /proc a test, about 8 ms each).
            setupFiles: ['tests/support/file-cpu.ts', ...(process.env.TEST_CPU ? ['tests/support/test-cpu.ts'] : [])],
            // Two files at a time on a 2-core machine (issue 48). Three were tried (2026-12-06): on six
            // files under others' load they took 357 s of wall time where two took 470 s, but the
            // clean-clone run with three took 1,597 s against 1,550 s with two, the CPU-bound files
            // (problem-report, fuzz-replay) more than doubled, and a carousel test failed under it
            // (docs/testing.md). Nothing they share is fixed: each visit is its own browser context, a
            // file that needs its own server starts one on a free port with its own DATA_DIR, and
            // builds go to temporary folders. The waits below are twice those of one file at a time.
            maxWorkers: 2,
            testTimeout: 60_000,
            hookTimeout: 60_000,
            // A worker runs one e2e file after another and imports playwright-core, the support files and
            // what they import once (about 3 s a file on a loaded machine). The files share no state
            // through those modules: each connects to the browser and opens its own contexts
            // (useBrowser()), and none sets process.env or a global.
            isolate: false,
            // A loaded 2-core machine needs more than vitest's 1 s default to see a page settle.
            expect: { poll: { timeout: 15_000, interval: 100 } },
            // A failed e2e test runs once more, and the summary names every test that passed only so
            // (tests/support/summary-reporter.ts): each is a defect to find, not a pass. Clean-clone and
            // CI runs of about 3,620 tests failed 0-4 different ones at load 5-10, and three of the
            // failures looked into were the product's (docs/testing.md, "Second tries"); one run is the gate.
            retry: 1,
          },
        },
      ],
    },
  }),
);
