import { afterEach, beforeEach } from 'vitest';
import { treeCpu } from './process-tree';

/**
 * A setup file of the e2e project with TEST_CPU=1 (vite.config.ts): each test's CPU in its meta, as
 * tests/support/file-cpu.ts measures a file's (the worker's process tree, before and after the test,
 * hooks included), which the summary lists for the tests that cost the most. Tests of a
 * `describe.concurrent` group run side by side, so each of them gets what the group used while it
 * ran. Off by default: its two looks at /proc cost about 8 ms a test (a browser's processes have many
 * threads to read).
 */
let before = 0;
beforeEach(() => {
  before = treeCpu();
});
afterEach(({ task }) => {
  task.meta.cpuSeconds = treeCpu() - before;
});
