import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { SitePage } from '../../../runtime/site';
import { loadSiteConfig } from '../../site';
import { jobId, writeRenderedPage, type JobResult, type RenderedPage, type RenderJob, type SharedRender } from './render-page-file';

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
const routes = await site.routes();
const { renderPage } = await site.render();
const content = routes.content;

function written(page: SitePage): RenderedPage {
  const { html, widgets } = renderPage(page, shared.assets, shared.menu);
  return writeRenderedPage(staticDir, page, html, widgets);
}

function run(job: RenderJob): JobResult {
  if (job.kind === 'not-found') return { job: jobId(job), page: written(routes.notFoundPage), problems: [], warnings: [] };
  if (!content) throw new Error('the site has no content stream (runtime/site.ts SiteContent)');
  if (job.kind === 'code') {
    const page = content.codePages()[job.index];
    if (!page) throw new Error(`no code page ${job.index}`);
    return { job: jobId(job), page: written(page), problems: [], warnings: [] };
  }
  const loaded = content.load(contentDir, job.file, readFileSync(join(contentDir, job.file), 'utf8'), { drafts: shared.drafts });
  return { job: jobId(job), page: loaded.page && written(loaded.page), problems: loaded.problems, warnings: loaded.warnings, linked: loaded.linked };
}

parentPort?.on('message', ({ batch, jobs }: { batch: number; jobs: RenderJob[] }) => {
  try {
    parentPort?.postMessage({ batch, results: jobs.map(run) });
  } catch (error) {
    parentPort?.postMessage({ batch, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
