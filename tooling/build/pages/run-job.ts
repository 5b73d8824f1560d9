import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteRenderer, SiteRoutes, SitePage } from '../../../runtime/site';
import { jobId, writeRenderedPage, type JobResult, type RenderedPage, type RenderJob, type SharedRender } from './render-page-file';
import type { ThreadResult } from './render-pool';

/**
 * What a render thread does with one job (render-thread.ts), and what the build does on its own
 * thread when there are too few jobs to be worth starting one (an incremental build of one edit).
 */
export function jobRunner(routes: SiteRoutes, { renderPage }: SiteRenderer, contentDir: string, staticDir: string, shared: SharedRender): (job: RenderJob) => JobResult {
  const written = (page: SitePage): RenderedPage => {
    const { html, widgets } = renderPage(page, shared.assets, shared.menu);
    return writeRenderedPage(staticDir, page, html, widgets);
  };
  return (job) => {
    if (job.kind === 'not-found') return { job: jobId(job), page: written(routes.notFoundPage), problems: [], warnings: [] };
    const content = routes.content;
    if (!content) throw new Error('the site has no content stream (runtime/site.ts SiteContent)');
    if (job.kind === 'code') {
      const page = content.codePages()[job.index];
      if (!page) throw new Error(`no code page ${job.index}`);
      return { job: jobId(job), page: written(page), problems: [], warnings: [] };
    }
    const loaded = content.load(contentDir, job.file, readFileSync(join(contentDir, job.file), 'utf8'), { drafts: shared.drafts });
    return { job: jobId(job), page: loaded.page && written(loaded.page), problems: loaded.problems, warnings: loaded.warnings, linked: loaded.linked };
  };
}

/** A runner whose results are kept as text (render-pool.ts ThreadResult). */
export function jsonResult(run: (job: RenderJob) => JobResult): (job: RenderJob) => ThreadResult {
  return (job) => {
    const result = run(job);
    return [result.job, JSON.stringify(result)];
  };
}
