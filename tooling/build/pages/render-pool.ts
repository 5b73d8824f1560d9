import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../../../server/thread-script';
import type { RenderJob } from './render-page-file';
import type { ThreadData } from './render-thread';

/** A job's result as the build keeps it: jobId() of its job, and the JobResult as JSON. */
export type ThreadResult = readonly [job: string, json: string];

/**
 * The build's render threads (issue 47): one per core besides the build's own, each fed batches of
 * jobs as it finishes the last, so the pages stream through (read, rendered, written) and the build holds only their records.
 * A batch is small enough that a thread's memory stays flat, large enough that the messages cost
 * nothing beside the render.
 */
export const BATCH = 32;

/** Renderers for `jobs` jobs, the build's own thread counted: one per core, none more than there is work for (a thread costs a second to start). */
export function threadCount(jobs: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.ceil(jobs / 200)));
}

/** Batches a render thread is given ahead: it starts the next while the build reads the last one's results. */
const AHEAD = 2;

/**
 * Runs every job on `renderers` renderers: the build's own thread (`here`, which has the site loaded
 * already) and `renderers - 1` render threads; `onResult` sees each result as it arrives. The build's
 * thread renders too rather than wait: one thread fewer holds React and the site (about 100 MB), for
 * the same number of cores at work (issue 47). A result travels as its job's id and its JSON
 * (ThreadResult): the build keeps that text, a tenth of the objects' memory at 100,000 pages.
 */
export async function renderAll(data: ThreadData, jobs: readonly RenderJob[], onResult: (result: ThreadResult) => void, here: (job: RenderJob) => ThreadResult, renderers = threadCount(jobs.length)): Promise<void> {
  let next = 0;
  const take = () => {
    const batch = jobs.slice(next, next + BATCH);
    next += batch.length;
    return batch;
  };
  const runHere = async () => {
    for (let batch = take(); batch.length > 0; batch = take()) {
      for (const job of batch) onResult(here(job));
      // The threads' results and their next batches between two of this thread's.
      await new Promise((done) => setImmediate(done));
    }
  };
  const runThread = () =>
    new Promise<void>((done, fail) => {
      const worker: Worker = startThread(import.meta.url, './render-thread.ts', './render-thread.js', { workerData: data });
      let failed = false;
      let inFlight = 0;
      const send = () => {
        const batch = take();
        if (batch.length === 0) {
          if (inFlight === 0) void worker.terminate().then(() => done());
          return;
        }
        inFlight += 1;
        worker.postMessage({ batch: next, jobs: batch });
      };
      for (let i = 0; i < AHEAD; i++) send();
      worker.on('message', (message: { ready?: boolean; results?: ThreadResult[]; error?: string }) => {
        if (message.error) {
          failed = true;
          void worker.terminate();
          fail(new Error(`a page failed to render: ${message.error}`));
          return;
        }
        if (!message.results) return;
        inFlight -= 1;
        for (const result of message.results) onResult(result);
        send();
      });
      worker.once('error', (error) => {
        failed = true;
        fail(error);
      });
      worker.once('exit', (code) => {
        if (!failed && (next < jobs.length || inFlight > 0) && code !== 0) fail(new Error(`a render thread stopped (exit ${code})`));
      });
    });
  await Promise.all([...Array.from({ length: renderers - 1 }, runThread), runHere()]);
}
