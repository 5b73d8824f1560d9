import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { PageAssets } from '../../runtime/render/Document';
import type { ScannedFile, SiteContent, SitePage, SiteRenderer, SiteRoutes } from '../../runtime/site';
import { fingerprintOf } from '../../server/built-html';
import { SITE_MENU_FILE } from '../../server/build-files';
import { HTML_MANIFEST_FORMAT, type HtmlManifest } from '../../server/html-manifest';
import { renderInspectorPage } from './inspector-page';
import { ContentProblems, byPlace } from './pages/prerender-pages';
import { pageFile, sitemapFiles } from './render-site';

/**
 * `npm run dev`'s pages at scale (issue 47): rendered when asked for, not all at start. At start the
 * content is scanned (every file's address, draft flag and menu entry, from its front matter: no
 * page is parsed or rendered), so a 10,000-page site answers its first page in seconds. A page is
 * rendered on its first request and kept in the dev folder until what it is made of changes:
 *
 * - its content file (its text's hash): a content edit renders that one page again, at once (so its
 *   problems show and the search index has its words), and nothing else;
 * - what every page shares: the code (a change under the engine's or the site's sources loads the
 *   modules afresh: the shell, the menu's rules, a widget) and the menu (from every page's front
 *   matter). Either renders every page again, lazily: each on its next request.
 *
 * The search index needs every page's text: after the first page is served, a background pass
 * renders, one page per turn of the event loop (a request waits for at most one page), the pages
 * not rendered yet, loads every file for the checks across pages (links), and then builds the
 * index from the pages on disk. A content edit re-indexes (debounced); a code edit does not render
 * everything again for the index: the pages' text on disk stays indexed until each is asked for.
 */

/** A content page as this module keeps it: its record, never its tree or HTML. */
interface FileEntry {
  file: string;
  scan: ScannedFile;
  /** sha1 of the text last read; its mtime and size say when to read it again. */
  source: string;
  mtimeMs: number;
  size: number;
  /** The `shared` key and source hash the page on disk was rendered with. */
  rendered?: string;
  /** The page's HTML's sha256 (the search index's fingerprint). */
  sha256?: string;
  problems: string[];
  /** What the check across pages needs of it, once loaded. */
  linked?: unknown;
  loaded: boolean;
}

interface CodeEntry {
  page: SitePage;
  rendered?: string;
  sha256?: string;
}

/** Where the dev server answers its DevPageStats (tests/dev-server.test.ts, bench:build). */
export const DEV_STATS_PATH = '/__dev/pages.json';

/** Why a page was rendered: asked for by a request, by the search index's background pass, or an edit to its file. */
export type RenderReason = 'request' | 'background' | 'edit';

export interface DevPageStats {
  /** Content and code pages of the site (the 404 page is not counted). */
  pages: number;
  /** Pages rendered since start, by reason. */
  rendered: Record<RenderReason, number>;
  /** How many times each page was rendered since start, by its address. */
  renders: Record<string, number>;
  /** Whether the background pass has rendered every page and built the search index since the last change. */
  indexed: boolean;
}

/** The site's modules as the dev server loaded them (through Vite: fresh after a code edit). */
export interface DevModules {
  routes: SiteRoutes;
  renderer: SiteRenderer;
  url: string;
}

export interface DevPagesOptions {
  siteDir: string;
  contentDir: string;
  assets: PageAssets;
  inspectorAssets: PageAssets;
}

const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');

export class DevPages {
  private modules!: DevModules;
  private content!: SiteContent;
  private files = new Map<string, FileEntry>();
  private codePages: CodeEntry[] = [];
  /** Address -> the content file or code page that renders it. */
  private byPath = new Map<string, { file: string } | { code: number }>();
  /** Bumped by every code change. */
  private generation = 0;
  private menu: unknown;
  /** What every page shares: the code's generation and the menu. */
  private shared = '';
  private sitemapKey = '';
  /** The problems across pages (a link to no page), from the last check. */
  private crossProblems: string[] = [];
  private stats: DevPageStats = { pages: 0, rendered: { request: 0, background: 0, edit: 0 }, renders: {}, indexed: false };

  constructor(private readonly options: DevPagesOptions) {}

  /** Scans the content with freshly loaded modules: every page stale, none rendered. Throws when the site has no content stream. */
  load(modules: DevModules): void {
    const content = modules.routes.content;
    if (!content) throw new Error('the site has no content stream (runtime/site.ts SiteContent)');
    this.modules = modules;
    this.content = content;
    this.generation += 1;
    // A page's text stays indexed until it is asked for again (its sha256 kept), as a content page's.
    const before = this.codePages;
    this.codePages = content.codePages().map((page, index) => ({ page, sha256: before[index]?.page.path === page.path ? before[index]?.sha256 : undefined }));
    const previous = this.files;
    this.files = new Map();
    for (const file of content.files(this.options.contentDir)) {
      const entry = this.read(file);
      const before = previous.get(file);
      if (entry && before) Object.assign(entry, { problems: before.source === entry.source ? before.problems : [], linked: before.linked, loaded: before.source === entry.source && before.loaded, sha256: before.sha256 });
      if (entry) this.files.set(file, entry);
    }
    this.sharedChanged();
    this.removeStale();
  }

  /**
   * A file under the content folder changed, was added or removed: a content page is read again (and
   * rendered, when its text changed); the menu, the sitemap and the problems follow. 'not-content':
   * a file the content stream does not list (a data module beside the pages).
   */
  contentChanged(file: string): 'changed' | 'unchanged' | 'not-content' {
    const listed = this.files.has(file);
    if (!listed || !existsSync(join(this.options.contentDir, file))) {
      // Added or removed: the list of files is read again.
      const files = new Set(this.content.files(this.options.contentDir));
      if (!listed && !files.has(file)) return 'not-content';
      if (files.has(file) === listed) return 'unchanged';
      if (listed) this.files.delete(file);
      else {
        const entry = this.read(file);
        if (!entry) return 'unchanged';
        this.files.set(file, entry);
      }
      this.sharedChanged();
      this.removeStale();
      if (!listed) this.render({ file }, 'edit');
      return 'changed';
    }
    const entry = this.files.get(file);
    const next = this.read(file);
    if (!entry || !next) return 'unchanged';
    if (next.source === entry.source) {
      Object.assign(entry, { mtimeMs: next.mtimeMs, size: next.size });
      return 'unchanged';
    }
    const scanChanged = JSON.stringify(next.scan) !== JSON.stringify(entry.scan);
    Object.assign(entry, { scan: next.scan, source: next.source, mtimeMs: next.mtimeMs, size: next.size, loaded: false });
    if (scanChanged) this.sharedChanged();
    this.render({ file }, 'edit');
    // Its links may have broken or mended one (the check runs once every file is loaded).
    this.check();
    this.stats.indexed = false;
    return 'changed';
  }

  /** The content problems every HTML page shows while there are any (the build's message), else undefined. */
  problems(): string | undefined {
    const found = [...this.files.values()].flatMap((entry) => entry.problems);
    found.push(...this.crossProblems);
    return found.length > 0 ? new ContentProblems(found.sort(byPlace)).message : undefined;
  }

  /** Files with problems whose text changed on disk since they were read (a fix the watcher coalesced or missed). */
  changedProblemFiles(): string[] {
    return [...this.files.values()].filter((entry) => entry.problems.length > 0 && changedOnDisk(join(this.options.contentDir, entry.file), entry)).map((entry) => entry.file);
  }

  /**
   * The page at `urlPath` (`/contact/`, `/contact`, `/contact/index.html`) made current on disk for a
   * request: rendered when its file or the shared parts changed. Returns false when no page is there.
   */
  serve(urlPath: string): boolean {
    const path = urlPath.endsWith('/index.html') ? urlPath.slice(0, -'index.html'.length) : urlPath.endsWith('/') ? urlPath : `${urlPath}/`;
    const target = this.byPath.get(path);
    if (!target) return false;
    if ('file' in target) {
      const entry = this.files.get(target.file);
      if (entry && changedOnDisk(join(this.options.contentDir, target.file), entry)) this.contentChanged(target.file);
    }
    this.render(target, 'request');
    return true;
  }

  /** The pages not rendered yet: what the background pass still has to do before the index is built. */
  unrendered(): Array<{ file: string } | { code: number }> {
    const files = [...this.files.values()].filter((entry) => entry.sha256 === undefined || !entry.loaded).map((entry) => ({ file: entry.file }));
    const code = this.codePages.flatMap((entry, index) => (entry.sha256 === undefined ? [{ code: index }] : []));
    return [...files, ...code];
  }

  /** One page for the background pass: rendered when it never was this session (a stale page keeps its text for the index). */
  renderForIndex(target: { file: string } | { code: number }): void {
    if ('file' in target) {
      const entry = this.files.get(target.file);
      if (!entry) return;
      if (entry.sha256 !== undefined && !entry.loaded) {
        // Its page is on disk; only its records for the checks are missing.
        this.loadFile(entry);
        return;
      }
    }
    this.render(target, 'background');
  }

  /** The checks across pages (links), once every file is loaded; the index is then current. */
  finishIndexPass(): HtmlManifest {
    this.check();
    this.stats.indexed = true;
    const pages = [...[...this.files.values()].map((entry) => ({ file: pageFile(entry.scan.path), sha256: entry.sha256 })), ...this.codePages.map((entry) => ({ file: pageFile(entry.page.path), sha256: entry.sha256 }))]
      .filter((page): page is { file: string; sha256: string } => page.sha256 !== undefined)
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    return { format: HTML_MANIFEST_FORMAT, pages: fingerprintOf(pages), scriptHashes: [], pageFiles: pages.map((page) => page.file) };
  }

  /** A change since the last index pass (an edit, a code change): the pass runs again. */
  get indexed(): boolean {
    return this.stats.indexed;
  }

  get counts(): DevPageStats {
    return { ...this.stats, pages: this.files.size + this.codePages.length, rendered: { ...this.stats.rendered }, renders: { ...this.stats.renders } };
  }

  /** Reads a content file: its hash, its scan; undefined when it cannot be read. */
  private read(file: string): FileEntry | undefined {
    const absolute = join(this.options.contentDir, file);
    let text: string;
    let info;
    try {
      info = statSync(absolute);
      text = readFileSync(absolute, 'utf8');
    } catch {
      return undefined;
    }
    return { file, scan: this.content.scan(this.options.contentDir, file, text), source: sha1(text), mtimeMs: info.mtimeMs, size: info.size, problems: [], loaded: false };
  }

  /** The menu, the addresses, the sitemap, the 404 and inspector pages: what every page shares, made again. */
  private sharedChanged(): void {
    const scans = [...this.files.values()].map((entry) => entry.scan);
    this.menu = this.content.menu(scans, { drafts: true });
    this.shared = sha1(JSON.stringify({ generation: this.generation, menu: this.menu }));
    this.byPath = new Map();
    for (const entry of this.files.values()) this.byPath.set(entry.scan.path, { file: entry.file });
    this.codePages.forEach((entry, index) => this.byPath.set(entry.page.path, { code: index }));
    this.stats.indexed = false;
    const { siteDir } = this.options;
    write(siteDir, SITE_MENU_FILE, `${JSON.stringify(this.menu, null, 2)}\n`);
    write(siteDir, '__inspect/index.html', renderInspectorPage(this.options.inspectorAssets));
    const notFound = this.modules.routes.notFoundPage;
    write(siteDir, pageFile(notFound.path), this.modules.renderer.renderPage(notFound, this.options.assets, this.menu).html);
    const published = [...scans.filter((scan) => !scan.draft).map((scan) => scan.path), ...this.codePages.filter((entry) => !entry.page.draft).map((entry) => entry.page.path)];
    const sitemapKey = JSON.stringify(published);
    if (sitemapKey !== this.sitemapKey) {
      this.sitemapKey = sitemapKey;
      for (const { file, content } of sitemapFiles(this.modules.url, published)) write(siteDir, file, content);
      write(siteDir, 'robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${this.modules.url}/sitemap.xml\n`);
    }
  }

  /** Loads (validates) a content file: its page, or its problems; its record for the checks. */
  private loadFile(entry: FileEntry) {
    const text = readFileSync(join(this.options.contentDir, entry.file), 'utf8');
    const loaded = this.content.load(this.options.contentDir, entry.file, text, { drafts: true });
    Object.assign(entry, { problems: loaded.problems, linked: loaded.linked, loaded: true, source: sha1(text) });
    return loaded;
  }

  /** Renders the page when the one on disk is not current. */
  private render(target: { file: string } | { code: number }, reason: RenderReason): void {
    if ('code' in target) {
      const entry = this.codePages[target.code];
      if (!entry || entry.rendered === this.shared) return;
      entry.sha256 = this.write(entry.page, reason);
      entry.rendered = this.shared;
      return;
    }
    const entry = this.files.get(target.file);
    const key = `${this.shared}:${entry?.source ?? ''}`;
    if (!entry || entry.rendered === key) return;
    const loaded = this.loadFile(entry);
    if (!loaded.page) return; // its problems show instead
    entry.sha256 = this.write(loaded.page, reason);
    entry.rendered = `${this.shared}:${entry.source}`;
  }

  private write(page: SitePage, reason: RenderReason): string {
    const { html } = this.modules.renderer.renderPage(page, this.options.assets, this.menu);
    write(this.options.siteDir, pageFile(page.path), html);
    this.stats.rendered[reason] += 1;
    this.stats.renders[page.path] = (this.stats.renders[page.path] ?? 0) + 1;
    return createHash('sha256').update(html).digest('hex');
  }

  private check(): void {
    if ([...this.files.values()].some((entry) => !entry.loaded)) return;
    this.crossProblems = this.content.check([...this.files.values()].map((entry) => entry.linked), { drafts: true });
  }

  /** Page files of an earlier run or a removed page, whose address is no page now. */
  private removeStale(): void {
    const { siteDir } = this.options;
    let names: string[];
    try {
      names = readdirSync(siteDir, { recursive: true, encoding: 'utf8' });
    } catch {
      return;
    }
    const notFound = pageFile(this.modules.routes.notFoundPage.path);
    for (const name of names) {
      const file = name.split(sep).join('/');
      if (!file.endsWith('.html') || file === notFound || file === '__inspect/index.html') continue;
      const path = `/${file.slice(0, -'index.html'.length)}`;
      if (!file.endsWith('index.html') || !this.byPath.has(path)) rmSync(join(siteDir, file), { force: true });
    }
  }
}

/** Whether the file's modification time or size differs from what was read (a file gone counts as changed). */
function changedOnDisk(file: string, read: { mtimeMs: number; size: number }): boolean {
  try {
    const info = statSync(file);
    return info.mtimeMs !== read.mtimeMs || info.size !== read.size;
  } catch {
    return true;
  }
}

function write(dir: string, file: string, text: string): void {
  const target = join(dir, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}
