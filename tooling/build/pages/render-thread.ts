import { parentPort, workerData } from 'node:worker_threads';
import { loadSiteConfig } from '../../../server/site-folder';
import type { RenderJob, SharedRender } from './render-page-file';
import { jobRunner, jsonResult } from './run-job';

/**
 * A render thread of the build (issue 47; render-pool.ts starts one per core): loads the site's
 * routes and renderer once, then takes batches of jobs and answers each batch with the records of
 * its pages. A page's tree and HTML live only while it is rendered and written.
 */
export interface ThreadData {
  siteDir: string;
  contentDir: string;
  staticDir: string;
  shared: SharedRender;
}

const { siteDir, contentDir, staticDir, shared } = workerData as ThreadData;
const site = await loadSiteConfig(siteDir);
const run = jsonResult(jobRunner(await site.routes(), await site.render(), contentDir, staticDir, shared));

parentPort?.on('message', ({ batch, jobs }: { batch: number; jobs: RenderJob[] }) => {
  try {
    parentPort?.postMessage({ batch, results: jobs.map(run) });
  } catch (error) {
    parentPort?.postMessage({ batch, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
