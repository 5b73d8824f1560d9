import { afterAll } from 'vitest';
import { treeCpu } from './process-tree';

declare module '@vitest/runner' {
  interface TaskMeta {
    /**
     * The CPU seconds the worker and everything it started used while the file ran, or the test
     * (tests/support/file-cpu.ts; tests of a concurrent group share theirs).
     */
    cpuSeconds?: number;
  }
}

/**
 * A setup file of every test project: the CPU time a test file costs, measured from its import to
 * the end of its last hook over the worker's process tree (the worker, the browsers it launched and
 * their renderers, the servers a file started; exited children counted by their parents), and kept in
 * the file's meta for the summary reporter. Two workers are two trees, so two files side by side are
 * told apart; a server the run shares (the e2e project's site server) is in neither.
 * tests/support/test-cpu.ts does the same for each test of the e2e project with TEST_CPU=1.
 */
const startedWith = treeCpu();

// Vitest reads a hook's first parameter as fixtures, and wants a destructuring pattern there even when
// none is used; the file is the second.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  file.meta.cpuSeconds = treeCpu() - startedWith;
});
