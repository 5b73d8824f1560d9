import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, linkSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PageAssets } from '../../../runtime/render/Document';
import type { ScannedFile, SiteConfig, SitePage } from '../../../runtime/site';
import { fingerprintOf, isPageFile } from '../../../server/built-html';
import { HTML_MANIFEST_FORMAT, saveHtmlManifest } from '../../../server/html-manifest';
import { searchTextFile } from '../../../server/search/text';
import { renderInspectorPage } from '../inspector-page';
import { sitemapFiles } from '../render-site';
import { SITE_MENU_FILE } from '../../../server/build-files';
import { writeRenderedPage, type RenderedPage } from './render-page-file';
import { BATCH, renderAll } from './render-pool';
import { jobRunner, jsonResult } from './run-job';
import { jobId, type JobResult, type RenderJob } from './render-page-file';

/**
 * The pages of a build (issue 47): every content file streamed through the render threads, each
 * page written as it is rendered, only its record kept. An incremental build takes an unchanged
 * page from the previous release (a hard link, no render): a page is unchanged when its file's text
 * and everything every page shares (the code's fingerprint, the menu, the assets, the address) are.
 *
 * The record of the pages (PAGE_RECORD) is written into the release beside client/: it is what the
 * next build compares against, so the cache is the live release itself; no other cache can go stale.
 */
export const PAGE_RECORD = 'pages.ndjson';
/** Bump when a record's meaning changes: a release with an older one is rebuilt in full. */
const RECORD_FORMAT = 1;

export interface PrerenderOptions {
  site: SiteConfig;
  siteDir: string;
  contentDir: string;
  /** The client build's folder, where the pages are written. */
  clientDir: string;
  /** Where the release's other files go (csp.json beside client/). */
  outDir: string;
  assets: PageAssets;
  inspectorAssets?: PageAssets;
  /** codeFingerprint() of this build. */
  code: string;
  /** The release being replaced: its pages are taken where unchanged. */
  previous?: string;
  /**
   * The files' memo (a build cache, not part of the release: it holds times): each content file's
   * stat, hash and scan, read and written by every build, so an unchanged file is not read again.
   */
  fileMemo?: string;
  drafts?: boolean;
}

export interface PrerenderResult {
  /** Content and code pages (the 404 page is not counted). */
  pages: RenderedPage[];
  rendered: number;
  reused: number;
  /** Content files read (the others were taken from the files' memo). */
  read: number;
  warnings: string[];
}

/** Problems in the content: the build stops with every one of them. */
export class ContentProblems extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the content pages:\n${problems.join('\n')}`);
    this.name = 'ContentError';
  }
}

interface RecordLine {
  job: string;
  /** sha1 of the file's text ('' for a code page). */
  source: string;
  result: JobResult;
}

/** The head of the files' memo (PrerenderOptions.fileMemo). */
interface MemoHead {
  format: number;
  /** The code and content folder the scans were made with: a file's line is taken only when they are the same. */
  code: string;
  content: string;
  /** When the files were looked at (ms since the epoch). */
  scannedAt: number;
}

/** A content file as a build read it: its inode, size and modification time (statKey), its text's sha1 and its scan. */
interface FileLine {
  file: string;
  stat: string;
  source: string;
  scan: ScannedFile;
}

const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');

/**
 * A file as the file system describes it, as git's index does: any write changes it (the status
 * change time even when a tool puts the modification time back; the inode for an editor's replace).
 */
const statKey = (stat: Stats) => `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;

/**
 * A file changed this close to the last build's look at it may have changed again within the file
 * system's timestamp granularity (a few ms), as git's "racily clean" entries: it is read.
 */
const RACY_MS = 2000;

/**
 * The previous release's record lines by job, when they were made with the same shared inputs: kept
 * as text, each parsed when its job is looked at (at 100,000 pages the objects were 4-5 KB a page).
 */
function previousRecords(previous: string | undefined, shared: string): Map<string, string> {
  const records = new Map<string, string>();
  const lines = ndjsonLines(previous && join(previous, PAGE_RECORD));
  const head = JSON.parse(lines[0] ?? '{}') as { format?: number; shared?: string };
  if (head.format !== RECORD_FORMAT || head.shared !== shared) return records;
  for (const line of lines.slice(1)) records.set((JSON.parse(line.slice(0, line.indexOf(',"source":')) + '}') as { job: string }).job, line);
  return records;
}

/**
 * A record line as text, as JSON.stringify writes a RecordLine (its keys in this order), from the
 * result's JSON as the render threads answer it: the build holds each page's result as that text.
 */
const recordLine = (job: string, source: string, result: string) => `{"job":${JSON.stringify(job)},"source":${JSON.stringify(source)},"result":${result}}`;

/** The result's JSON in a record line: the last key, so the text after it but its closing brace. */
const RESULT_KEY = ',"result":';
const resultOf = (line: string) => line.slice(line.indexOf(RESULT_KEY) + RESULT_KEY.length, -1);

/** The lines of a file of JSON lines, none when it is missing. */
function ndjsonLines(file: string | undefined): string[] {
  if (!file) return [];
  try {
    return readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
  } catch {
    return [];
  }
}

/** The files' memo of the last build with the same code and content folder, by file. */
function readMemo(file: string | undefined, code: string, content: string): { at: number; files: Map<string, FileLine> } {
  const lines = ndjsonLines(file);
  const head = JSON.parse(lines[0] ?? '{}') as Partial<MemoHead>;
  const files = new Map<string, FileLine>();
  if (head.format !== RECORD_FORMAT || head.code !== code || head.content !== content) return { at: 0, files };
  for (const line of lines.slice(1)) {
    const entry = JSON.parse(line) as FileLine;
    files.set(entry.file, entry);
  }
  return { at: head.scannedAt ?? 0, files };
}

/**
 * A page's three files (HTML, brotli, gzip) linked from the previous release; false when one is
 * missing, and then none is left linked (the page is rendered: a write into a linked file would
 * change the previous release's). Four system calls a page (its folder, three links): at 10,000
 * pages they are most of an edit's build, so nothing is asked of the file system twice.
 */
function reuse(from: string, to: string, out: string, folders: Set<string>): boolean {
  const folder = dirname(join(to, out));
  if (!folders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  // A page's search text beside it (render-page-file.ts); a release without one renders the page again.
  const files = [out, `${out}.br`, `${out}.gz`, ...(isPageFile(out) ? [searchTextFile(out)] : [])];
  for (const [index, file] of files.entries()) {
    try {
      linkSync(join(from, file), join(to, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        for (const linked of files.slice(0, index)) unlinkSync(join(to, linked));
        return false;
      }
      copyFileSync(join(from, file), join(to, file)); // another file system
    }
  }
  return true;
}

/**
 * Lines of JSON written a megabyte at a time: at 100,000 pages the records are 60 MB of text, which
 * one string and the array of its lines would hold twice over at the build's peak.
 */
function writeLines(file: string, lines: Iterable<string>): void {
  const fd = openSync(file, 'w');
  try {
    let chunk = '';
    for (const line of lines) {
      chunk += `${line}\n`;
      if (chunk.length > 1 << 20) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

/** file:line:column: … lines in file order, then line and column. */
export function byPlace(a: string, b: string): number {
  const place = (line: string) => /^(.*?):(\d+):(\d+):/.exec(line) ?? [line, line, '0', '0'];
  const [, fileA = '', lineA = '0', columnA = '0'] = place(a);
  const [, fileB = '', lineB = '0', columnB = '0'] = place(b);
  if (fileA !== fileB) return fileA < fileB ? -1 : 1;
  return Number(lineA) - Number(lineB) || Number(columnA) - Number(columnB);
}

/**
 * The pages' results as the threads answer them (JSON), spilled to a file as they come and read back
 * once, by job, in file order (issue 47): at 100,000 pages they were 170 MB of the build's heap, the
 * most of its peak RSS. The build keeps each job's place in the file (12 bytes a job).
 */
class SpilledResults {
  private readonly fd: number;
  private readonly index: Map<string, number>;
  private readonly offsets: Float64Array;
  private readonly lengths: Int32Array;
  private written = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly file: string,
    jobs: readonly string[],
  ) {
    this.fd = openSync(file, 'w+');
    this.index = new Map(jobs.map((job, at) => [job, at]));
    this.offsets = new Float64Array(jobs.length);
    this.lengths = new Int32Array(jobs.length).fill(-1);
  }

  keep(job: string, json: string): void {
    const at = this.index.get(job);
    if (at === undefined) throw new Error(`a result for no job of this build: ${job}`);
    const bytes = Buffer.from(json, 'utf8');
    this.offsets[at] = this.written + this.pendingBytes;
    this.lengths[at] = bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes > 1 << 20) this.flush();
  }

  /** A job's result, once (undefined for a job without one). */
  take(job: string): string | undefined {
    const at = this.index.get(job);
    const length = at === undefined ? -1 : (this.lengths[at] ?? -1);
    if (at === undefined || length < 0) return undefined;
    this.flush();
    const bytes = Buffer.allocUnsafe(length);
    readSync(this.fd, bytes, 0, length, this.offsets[at] ?? 0);
    return bytes.toString('utf8');
  }

  remove(): void {
    closeSync(this.fd);
    rmSync(this.file, { force: true });
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    writeSync(this.fd, Buffer.concat(this.pending, this.pendingBytes), 0, this.pendingBytes, this.written);
    this.written += this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
  }
}

/**
 * A page's record as the build keeps it until the end: its list of widgets and of script hashes
 * shared with every page that has the same (at 100,000 pages of one kind, one list each, not 100,000).
 */
function compactPages(): (page: RenderedPage) => RenderedPage {
  const lists = new Map<string, string[]>();
  const shared = (list: string[]) => {
    const key = list.join('\n');
    const known = lists.get(key);
    if (known) return known;
    lists.set(key, list);
    return list;
  };
  return (page) => ({ ...page, widgets: shared(page.widgets), scripts: shared(page.scripts) });
}

export async function prerenderPages(options: PrerenderOptions): Promise<PrerenderResult> {
  const { site, siteDir, contentDir, clientDir, outDir, assets, code, drafts = false } = options;
  const routes = await site.routes();
  const content = routes.content;
  const jobs: RenderJob[] = [];
  let menu: unknown;
  let reused = 0;
  let codePages: SitePage[];

  if (content) {
    // 1. Every file's text read once: its hash (the cache key) and its front matter (the menu). A
    // file the last build read (the files' memo), unchanged on disk since (same inode, size and
    // time) with the same code, is taken from the memo: one stat, not a read, a hash and a scan.
    const files = content.files(contentDir);
    const contentRoot = resolve(contentDir);
    const memo = readMemo(options.fileMemo, code, contentRoot);
    const scannedAt = Date.now();
    const sources = new Map<string, string>();
    const looked: FileLine[] = [];
    let read = 0;
    const scanned = files.map((file) => {
      const stat = statSync(join(contentDir, file));
      const known = memo.files.get(file);
      let line: FileLine;
      if (known && known.stat === statKey(stat) && Math.max(stat.mtimeMs, stat.ctimeMs) + RACY_MS < memo.at) line = known;
      else {
        const text = readFileSync(join(contentDir, file), 'utf8');
        line = { file, stat: statKey(stat), source: sha1(text), scan: content.scan(contentDir, file, text) };
        read += 1;
      }
      sources.set(`file:${file}`, line.source);
      looked.push(line);
      return line.scan;
    });
    if (options.fileMemo) {
      const memoHead: MemoHead = { format: RECORD_FORMAT, code, content: contentRoot, scannedAt };
      mkdirSync(dirname(options.fileMemo), { recursive: true });
      writeLines(`${options.fileMemo}.${process.pid}`, [memoHead, ...looked].map((value) => JSON.stringify(value)));
      renameSync(`${options.fileMemo}.${process.pid}`, options.fileMemo);
    }
    // Not needed past here: at 100,000 files they are tens of MB the render phase would carry.
    memo.files.clear();
    looked.length = 0;
    menu = content.menu(scanned, { drafts });
    scanned.length = 0;
    codePages = content.codePages();
    // 2. What every page shares: a change to any of it renders every page again.
    const shared = sha1(JSON.stringify({ format: RECORD_FORMAT, code, menu, assets, url: site.url, drafts }));
    const previous = previousRecords(options.previous, shared);
    const folders = new Set<string>();
    const all: RenderJob[] = [...files.map((file): RenderJob => ({ kind: 'file', file })), ...codePages.map((_, index): RenderJob => ({ kind: 'code', index })), { kind: 'not-found' }];
    const results = new SpilledResults(join(outDir, `.results.${process.pid}`), all.map(jobId));
    const problems: string[] = [];
    const warnings: string[] = [];
    const linked: unknown[] = [];
    const pages: RenderedPage[] = [];
    let notFound: RenderedPage | undefined;
    try {
      for (const job of all) {
        const id = jobId(job);
        const line = previous.get(id);
        const before = line === undefined ? undefined : (JSON.parse(line) as RecordLine);
        const source = sources.get(id) ?? '';
        if (line && before && before.source === source && (!before.result.page || reuse(join(options.previous ?? '', 'client'), clientDir, before.result.page.out, folders))) {
          results.keep(id, resultOf(line));
          reused += 1;
        } else jobs.push(job);
      }
      previous.clear();
      // 3. The rest rendered on the threads, streamed.
      const sharedRender = { assets, menu, drafts };
      // A few pages (an edit) are rendered here alone, without a thread's start.
      const here = jsonResult(jobRunner(routes, await site.render(), contentDir, clientDir, sharedRender));
      const keep = ([job, json]: readonly [string, string]) => results.keep(job, json);
      if (jobs.length > BATCH) await renderAll({ siteDir, contentDir, staticDir: clientDir, shared: sharedRender }, jobs, keep, here);
      else for (const job of jobs) keep(here(job));
      // 4. The records for the next build, and what the rest of the build needs of each result, read
      // back once in file order (files, code pages, the 404 page: the jobs' order).
      const compact = compactPages();
      writeLines(
        join(outDir, PAGE_RECORD),
        (function* records() {
          yield JSON.stringify({ format: RECORD_FORMAT, shared });
          for (const job of all) {
            const id = jobId(job);
            const json = results.take(id);
            if (json === undefined) continue;
            yield recordLine(id, sources.get(id) ?? '', json);
            const result = JSON.parse(json) as JobResult;
            const page = result.page && compact(result.page);
            if (job.kind === 'not-found') notFound = page;
            else if (page) pages.push(page);
            if (job.kind !== 'file') continue;
            problems.push(...result.problems);
            warnings.push(...result.warnings);
            linked.push(result.linked);
          }
        })(),
      );
    } finally {
      results.remove();
    }
    problems.push(...content.check(linked, { drafts }));
    if (problems.length > 0) throw new ContentProblems(problems.sort(byPlace));
    finish({ ...options, menu, pages, notFound });
    return { pages, rendered: jobs.length, reused, read, warnings };
  }

  // A site without a content stream (a small one): its pages loaded at once, rendered here.
  const { renderPage } = await site.render();
  const loaded = routes.loadSite(contentDir, { drafts });
  menu = loaded.menu;
  const pages = loaded.pages.map((page) => {
    const { html, widgets } = renderPage(page, assets, menu);
    return writeRenderedPage(clientDir, page, html, widgets);
  });
  const notFoundHtml = renderPage(routes.notFoundPage, assets, menu);
  const notFound = writeRenderedPage(clientDir, routes.notFoundPage, notFoundHtml.html, notFoundHtml.widgets);
  finish({ ...options, menu, pages, notFound });
  return { pages, rendered: pages.length + 1, reused: 0, read: loaded.pages.length, warnings: loaded.warnings ?? [] };
}

/** The site's files around its pages: the sitemap, robots.txt, the menu, the inspector's page and the record of the HTML. */
function finish({ site, clientDir, inspectorAssets, menu, pages, notFound }: PrerenderOptions & { menu: unknown; pages: RenderedPage[]; notFound?: RenderedPage }): void {
  const extra: RenderedPage[] = [];
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(clientDir, file)), { recursive: true });
    writeFileSync(join(clientDir, file), text);
  };
  const published = pages.filter((page) => !page.draft).map((page) => page.path);
  for (const { file, content } of sitemapFiles(site.url, published)) writeRenderedText(clientDir, file, content);
  writeRenderedText(clientDir, 'robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
  if (menu !== undefined) write(SITE_MENU_FILE, `${JSON.stringify(menu, null, 2)}\n`);
  if (inspectorAssets) extra.push(writeRenderedPage(clientDir, { path: '/__inspect/' }, renderInspectorPage(inspectorAssets), []));
  if (notFound) extra.push(notFound);
  // The server's record of the HTML (server/html-manifest.ts), from the pages' records: no file read again.
  const html = [...pages, ...extra].map((page) => ({ file: page.out, sha256: page.sha256 })).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const scripts = new Set<string>();
  for (const page of [...pages, ...extra]) for (const hash of page.scripts) scripts.add(hash);
  saveHtmlManifest(clientDir, { format: HTML_MANIFEST_FORMAT, pages: fingerprintOf(html), scriptHashes: [...scripts].sort(), pageFiles: html.map((page) => page.file).filter(isPageFile), searchText: true });
}

/** A small text file of the site and its compressed forms. */
function writeRenderedText(clientDir: string, file: string, text: string): void {
  writeRenderedPage(clientDir, { path: `/${file}` }, text, []);
}
