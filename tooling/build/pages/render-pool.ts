import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../../../server/thread-script';
import type { JobResult, RenderJob } from './render-page-file';
import type { ThreadData } from './render-thread';

/**
 * The build's render threads (issue 47): one per core, each fed batches of jobs as it finishes the
 * last, so the pages stream through (read, rendered, written) and the build holds only their records.
 * A batch is small enough that a thread's memory stays flat, large enough that the messages cost
 * nothing beside the render.
 */
export const BATCH = 32;

/** Threads for `jobs` jobs: one per core, none more than there is work for (a thread costs a second to start). */
export function threadCount(jobs: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.ceil(jobs / 200)));
}

/** Runs every job on `threads` render threads; `onResult` sees each result as it arrives. */
export async function renderAll(data: ThreadData, jobs: readonly RenderJob[], onResult: (result: JobResult) => void, threads = threadCount(jobs.length)): Promise<void> {
  let next = 0;
  const take = () => {
    const batch = jobs.slice(next, next + BATCH);
    next += batch.length;
    return batch;
  };
  const runThread = () =>
    new Promise<void>((done, fail) => {
      const worker: Worker = startThread(import.meta.url, './render-thread.ts', './render-thread.js', { workerData: data });
      let failed = false;
      const send = () => {
        const batch = take();
        if (batch.length === 0) {
          void worker.terminate().then(() => done());
          return;
        }
        worker.postMessage({ batch: next, jobs: batch });
      };
      worker.on('message', (message: { ready?: boolean; results?: JobResult[]; error?: string }) => {
        if (message.error) {
          failed = true;
          void worker.terminate();
          fail(new Error(`a page failed to render: ${message.error}`));
          return;
        }
        for (const result of message.results ?? []) onResult(result);
        send();
      });
      worker.once('error', (error) => {
        failed = true;
        fail(error);
      });
      worker.once('exit', (code) => {
        if (!failed && next < jobs.length && code !== 0) fail(new Error(`a render thread stopped (exit ${code})`));
      });
    });
  await Promise.all(Array.from({ length: threads }, runThread));
}
