import { afterAll } from 'vitest';
import { cpuSeconds, processTree } from './process-tree';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** The CPU seconds the file's worker and everything it started used while the file ran (tests/support/file-cpu.ts). */
    cpuSeconds?: number;
  }
}

/**
 * A setup file of every test project: the CPU time a test file costs, measured from its import to
 * the end of its last hook over the worker's process tree (the worker, the browsers it launched and
 * their renderers, the servers a file started; exited children counted by their parents), and kept in
 * the file's meta for the summary reporter. Two workers are two trees, so two files side by side are
 * told apart; a server the run shares (the e2e project's site server) is in neither.
 */
const treeCpu = () => processTree(process.pid).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
const startedWith = treeCpu();

// Vitest reads a hook's first parameter as fixtures, and wants a destructuring pattern there even when
// none is used; the file is the second.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  file.meta.cpuSeconds = treeCpu() - startedWith;
});
