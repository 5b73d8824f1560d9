import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PageAssets } from '../../../runtime/render/Document';
import type { SitePage } from '../../../runtime/site';
import { isPageFile, pagePathOf } from '../../../server/built-html';
import { readPageBytes, searchTextFile, searchTextOf } from '../../../server/search/text';
import { inlineScriptHashesOf } from '../../../server/security/inline-scripts';
import { pageFile } from '../render-site';

/**
 * One page rendered and written, on a render thread (issue 47): the HTML and, beside it, its
 * brotli and gzip forms, which the server sends as they are, and its text for the search index. What the build keeps of it is its
 * record (RenderedPage), never its HTML.
 */
export interface RenderedPage {
  /** The page's address. */
  path: string;
  /** Its file, relative to the static folder ('news/index.html'). */
  out: string;
  draft: boolean;
  /** The widgets of its islands (the build's JS table). */
  widgets: string[];
  /** sha256 of its HTML (the pages' fingerprint: server/built-html.ts). */
  sha256: string;
  /** The CSP hashes of its inline scripts. */
  scripts: string[];
}

/**
 * Pages are compressed at brotli quality 4, not 11: 0.2 ms a page instead of about 30 (issue 47,
 * docs/performance.md "The build at scale"), for a file about 10 % larger. Scripts and styles,
 * compressed once per code change, keep quality 11 (precompress.ts). Brotli's window is sized to
 * the page (64 KB for a 14 KB page, at most its default 4 MB): the same bytes out, half the CPU time
 * (0.39 ms a page instead of 0.76 ms, the window's buffers are what a small page's compression
 * spends), and gzip is given zlib's largest memory level (the same size, a little faster).
 */
export const PAGE_BROTLI_QUALITY = 4;
export const PAGE_GZIP_LEVEL = 6;

/** Brotli's window for `size` bytes: the smallest power of two that holds them, from 64 KB to 4 MB. */
export const brotliWindow = (size: number) => Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 1))));

/** A page's brotli and gzip forms, as the build writes them beside its HTML. */
export function compressPage(bytes: Buffer): { br: Buffer; gz: Buffer } {
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY, [constants.BROTLI_PARAM_LGWIN]: brotliWindow(bytes.length), [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  return { br, gz: gzipSync(bytes, { level: PAGE_GZIP_LEVEL, memLevel: 9 }) };
}

/** Writes `html` and its compressed forms under `staticDir`; returns the page's record. */
export function writeRenderedPage(staticDir: string, page: Pick<SitePage, 'path' | 'draft'>, html: string, widgets: string[]): RenderedPage {
  const out = pageFile(page.path);
  const target = join(staticDir, out);
  mkdirSync(dirname(target), { recursive: true });
  const bytes = Buffer.from(html, 'utf8');
  writeFileSync(target, bytes);
  const { br, gz } = compressPage(bytes);
  writeFileSync(`${target}.br`, br);
  writeFileSync(`${target}.gz`, gz);
  // The page's text for the search, as the server would read it from this HTML (server/search/text.ts).
  if (isPageFile(out)) writeFileSync(join(staticDir, searchTextFile(out)), searchTextOf(readPageBytes(pagePathOf(out), bytes)));
  return {
    path: page.path,
    out,
    draft: page.draft === true,
    widgets,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    scripts: bytes.includes('<script') ? inlineScriptHashesOf(html) : [],
  };
}

/** What every page of one build shares, handed to each render thread once. */
export interface SharedRender {
  assets: PageAssets;
  menu: unknown;
  drafts: boolean;
}

/** One job of a render thread (render-thread.ts). */
export type RenderJob = { kind: 'file'; file: string } | { kind: 'code'; index: number } | { kind: 'not-found' };

/** A job's name in the build's record: `file:pages/about.md`, `code:0`, `not-found`. */
export const jobId = (job: RenderJob) => (job.kind === 'file' ? `file:${job.file}` : job.kind === 'code' ? `code:${job.index}` : 'not-found');

export interface JobResult {
  /** jobId() of the job it answers. */
  job: string;
  page?: RenderedPage;
  problems: string[];
  warnings: string[];
  linked?: unknown;
}
