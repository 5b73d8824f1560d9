import { appendFileSync, existsSync, readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { createServer as createVite, type ViteDevServer } from 'vite';
import type { ServerConfig } from '../../server/config';
import type { HtmlManifest } from '../../server/html-manifest';
import { loadOrBuildIndex } from '../../server/search/persist';
import { startSite, type StartedSite } from '../../server/start';
import startedSite from '../../server/site-entry';
import { REPLAY_PATH } from '../../runtime/inspector-app/replay-answer';
import { SCENARIOS_PATH } from '../../runtime/replay/in-page';
import { SCENARIO_DIR } from '../replay/files';
import { INSPECTOR_ENTRY, type Manifest } from '../../server/build-files';
import type { SiteConfig } from '../../runtime/site';
import { SITE_CONFIG_FILE, siteClientEntry, siteContentDir, siteDir as siteFolder } from '../../server/site-folder';
import type { PageAssets } from '../../runtime/render/Document';
import { renderSite, writeSite, type SiteFile } from './render-site';
import { DEV_STATS_PATH, DevPages, type DevPageStats } from './dev-pages';
import { engineModule } from '../package-exports';

/**
 * `npm run dev`: the real site, as `npm start` serves it, with the sources live.
 *
 * - The same render pipeline as the build writes the pages into DATA_DIR/dev-site/, and the real
 *   server (server/start.ts: the provider sandbox first, then the server pointed at it) serves that
 *   directory exactly as it serves dist/client: content pages, the contact page with its captcha,
 *   the 404 page, the search index built from those pages, forms, ajax.
 * - A site with a content stream (runtime/site.ts `SiteContent`, the demo's) has its pages rendered
 *   on request (issue 47, dev-pages.ts): the content is scanned at start, a page is rendered when it
 *   is first asked for and kept until its file or the shared parts (the code, the menu) change, and
 *   the search index is built in the background after the first page is served. A site without one
 *   is rendered whole (render-site.ts) at start and after every change.
 * - Vite, in middleware mode on the same port, answers every module request first; its HMR socket
 *   rides the same HTTP server. Pages load tooling/build/dev-client.ts (Fast Refresh's preamble, then
 *   the site's client.ts), so client modules hot-swap with no HTML rewriting.
 * - A change under a page source folder (PAGE_SOURCE_DIRS, the site folder, and its content folder:
 *   CONTENT_DIR or the site's content/) renders the edited content page again, or, for code, loads
 *   the site's modules afresh (every page stale), and, when the file is not a client module Vite
 *   hot-swaps, tells open pages to reload. Code that fails to load (a half-typed edit) logs the error
 *   and keeps the last good modules and pages; a problem in the content (demo/authoring:
 *   file:line:column and what to change) is what every page answers, with status 500, until it is fixed.
 */
/** The engine's folders (from the repository root) whose files end up in the prerendered HTML, besides the site folder's. */
export const PAGE_SOURCE_DIRS = ['widgets', 'runtime', 'machines', 'provider'];
/** How long the background index pass waits after a request before it renders its next page. */
const BACKGROUND_PAUSE_MS = 100;
/** How long without a request before Vite's copy of the site's modules is loaded in the background. */
const WARM_AFTER_IDLE_MS = 1000;
/** How long a search waits for the dev search index to be current. */
const FIRST_SEARCH_WAIT_MS = 10_000;
/** How long after a content edit the dev search index is built again. */
const REINDEX_DELAY_MS = 1000;
/** Files whose change can change a page: sources and content, not styles (Vite hot-swaps CSS) or tests. */
const PAGE_SOURCE_FILE = /^(?!.*\.test\.tsx?$).*\.(tsx?|md|mdoc|json|ya?ml)$/;

/** What the dev pages load: the dev entry (never built) instead of the hashed bundle. */
/** The engine's folder; its dev entries by their sources' paths, compiled modules in the package (issue 48). */
const ENGINE = resolve(import.meta.dirname, '../..');
export const DEV_ENTRY = engineModule(ENGINE, 'tooling/build/dev-client.ts');
const DEV_INSPECTOR_ENTRY = engineModule(ENGINE, 'tooling/build/dev-inspector.ts');
const DEV_ASSETS: PageAssets = { entryScript: `/${DEV_ENTRY}`, stylesheets: [] };
const DEV_INSPECTOR_ASSETS: PageAssets = { entryScript: `/${DEV_INSPECTOR_ENTRY}`, stylesheets: [] };

export interface DevServer extends StartedSite {
  vite: ViteDevServer;
  /** DATA_DIR/dev-site: what the server serves and indexes. */
  siteDir: string;
  /**
   * Loads the site's modules afresh and makes every page stale (a site with a content stream: each
   * is rendered on its next request), or, for a site without one, renders every page again; then
   * re-indexes them. Calls while one runs share one more after it. The watcher calls it on a code change.
   */
  rerender(): Promise<RenderResult>;
}

export interface RenderResult {
  pages: number;
  indexed: number;
}

export interface DevOptions {
  config: ServerConfig;
  env?: NodeJS.ProcessEnv;
  /** The engine's root (its package folder, where tooling/build/vite.client.config.ts is). */
  root?: string;
  log?: (message: string) => void;
}

type ReplayModule = typeof import('./inspector-replay');

/**
 * `SITECHARTS_DEV_TIMELINE=<file>`: each phase of the start and of the first page's request, as
 * milliseconds since the process started and the process's CPU time then (every thread's: on a
 * loaded machine the wall time is mostly waiting for a core), one line each, appended to that file
 * (bench:build prints it).
 */
export function devTimeline(env: NodeJS.ProcessEnv = process.env): (phase: string) => void {
  const file = env.SITECHARTS_DEV_TIMELINE;
  if (!file) return () => undefined;
  return (phase) => {
    const { user, system } = process.cpuUsage();
    appendFileSync(file, `${performance.now().toFixed(0).padStart(7)} ms (CPU ${((user + system) / 1000).toFixed(0).padStart(6)} ms)  ${phase}\n`);
  };
}

export async function startDevServer({ config, env = process.env, root = ENGINE, log = console.log }: DevOptions): Promise<DevServer> {
  const mark = devTimeline(env);
  mark('startDevServer called (the tooling\'s modules loaded)');
  const siteDir = join(config.dataDir, 'dev-site');
  // The site folder (SITE_DIR or --site, else the demo) and its content (CONTENT_DIR, else its content/).
  const folder = siteFolder(env);
  const content = siteContentDir(folder, env);
  const CLIENT_ENTRY = siteClientEntry(folder, root);
  /** The content problems of the last render, shown instead of the pages while there are any. */
  let contentProblems: string | undefined;
  /** The newest content file's modification time when the last render read them. */
  let contentReadAt = 0;
  await mkdir(join(siteDir, '.vite'), { recursive: true });
  // Server-made pages (search results, form answers) read their entry script from the manifest.
  const manifest: Manifest = {
    [CLIENT_ENTRY]: { file: DEV_ENTRY, src: CLIENT_ENTRY, isEntry: true },
    [INSPECTOR_ENTRY]: { file: DEV_INSPECTOR_ENTRY, src: INSPECTOR_ENTRY, isEntry: true },
  };
  await writeFile(join(siteDir, '.vite/manifest.json'), JSON.stringify(manifest));

  const site = await startSite({ ...config, staticDir: siteDir }, env, { development: true });
  mark('the server and the provider sandbox started');
  const { app } = site;
  // Set once the watcher may call it (after the first render).
  let onSourceChange: (file: string, hotSwapped: boolean) => void = () => undefined;
  let vite: ViteDevServer;
  try {
    vite = await createVite({
      root,
      configFile: join(root, engineModule(root, 'tooling/build/vite.client.config.ts')),
      appType: 'custom',
      // Crawled at start (dynamic imports too: every widget chunk), so every package the pages load
      // is pre-bundled before the first page asks: no reload when an island first imports React.
      optimizeDeps: { entries: [DEV_ENTRY, DEV_INSPECTOR_ENTRY] },
      plugins: [
        {
          name: 'sitecharts:dev-rerender',
          // Called after Vite has invalidated the changed file's modules, so the render loads fresh
          // code; the client environment's modules say whether Vite hot-swaps the file in the page.
          hotUpdate({ file, modules }) {
            if (this.environment.name === 'client') onSourceChange(file, modules.length > 0);
          },
        },
      ],
      server: {
        middlewareMode: true,
        // The HMR socket upgrades on the site's own port: nothing else to open, nothing to collide.
        hmr: { server: app.server },
        // The content folder is watched below, folder by folder (watchContent): Vite's watcher
        // stats and watches every file at start (a second of a 10,000-page start).
        watch: { ignored: [`${config.dataDir}/**`, `${join(root, 'dist')}/**`, `${content}/**`] },
      },
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  mark('Vite created');
  /** Vite's copy of the site's modules loading in the background (warmVite, below): closing waits for it, or Vite logs it cut short. */
  let warming: Promise<unknown> = Promise.resolve();
  app.addHook('onClose', async () => {
    await warming;
    await vite.close();
  });
  // The site folder may be outside the repository (SITE_DIR).
  vite.watcher.add(folder);
  // A content page's change goes where Vite's watcher sends the others' (onSourceChange, below); a
  // module beside the pages (the site's data) to Vite's watcher, which invalidates it and its importers.
  const unwatchContent = watchContent(content, (file) => {
    if (isContentPage(file)) onSourceChange(file, false);
    else vite.watcher.emit(existsSync(file) ? 'change' : 'unlink', file);
  });
  app.addHook('onClose', async () => unwatchContent());

  // Vite answers module, style and public-file requests; anything it passes on is the site's.
  /** The first page request's phases go on the timeline. */
  let firstPage = true;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const timed = firstPage && (request.headers.accept ?? '').includes('text/html');
    if (timed) {
      firstPage = false;
      mark(`the first page asked for (${request.url})`);
      reply.raw.once('finish', () => {
        mark('the first page answered');
        warmVite();
      });
    }
    const handled = await new Promise<boolean>((done, fail) => {
      reply.raw.once('close', () => done(true));
      vite.middlewares(request.raw, reply.raw, (error?: unknown) => (error ? fail(error) : done(false)));
    });
    if (timed) mark('Vite passed the first page on');
    if (handled) reply.hijack();
  });

  // Issue 29: the inspector's scenario files are replayed here, in Node, with the replay library
  // loaded through Vite (fresh after an edit, as the pages are).
  app.post(REPLAY_PATH, async (request, reply) => {
    const { replayForInspector } = (await vite.ssrLoadModule(`/${engineModule(root, 'tooling/build/inspector-replay.ts')}`)) as ReplayModule;
    // Posted as a form field (the site reads url-encoded posts only): the file's text, JSON.
    const field = (request.body as Record<string, unknown> | undefined)?.scenario;
    let json: unknown;
    try {
      json = JSON.parse(typeof field === 'string' ? field : '');
    } catch {
      return reply.code(400).header('Cache-Control', 'no-store').send({ error: 'the file is not JSON' });
    }
    const { status, answer } = await replayForInspector(json);
    return reply.code(status).header('Cache-Control', 'no-store').send(answer);
  });

  // Issue 28.3: `?replay=<name>` on a page reads tests/scenarios/<name>.json from here (only here:
  // the built server serves no test files). A name is a file name, never a path.
  app.get(`${SCENARIOS_PATH}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = /^[\w-]+\.json$/.test(name) ? join(root, SCENARIO_DIR, name) : undefined;
    const text = file ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
    reply.header('Cache-Control', 'no-store');
    if (text === undefined) return reply.code(404).send({ problem: `?replay=${name.replace(/\.json$/, '')}: no such scenario in ${SCENARIO_DIR}/ (npm run replay -- --list names them)` });
    return reply.type('application/json; charset=utf-8').send(text);
  });

  let closeSavedIndex: () => void = () => undefined;
  /** Builds (or loads the saved) search index of the pages on disk and swaps it in; its page count. */
  const reindex = async (html?: HtmlManifest): Promise<number> => {
    const loaded = await loadOrBuildIndex(siteDir, config.dataDir, (message) => app.log.warn(message), html);
    // Swapped in place: the ajax action and the /search/ page both hold this object.
    Object.assign(app.siteSearch, loaded.index);
    // The previous index's saved file is no longer read (its pages' text came from that file).
    closeSavedIndex();
    closeSavedIndex = loaded.close;
    return loaded.index.pages.length;
  };
  /**
   * The site's modules: at start, the site's config the server has loaded (compiled with the dev
   * server by dev.mjs, or under tsx), so a start loads the site once, not again through Vite;
   * after a code edit, through Vite (fresh). Vite's copy is loaded in the background once the
   * first page is answered, so the first code edit does not wait for every module's transform.
   */
  let fromVite = false;
  const viteSiteConfig = async () => ((await vite.ssrLoadModule(viteUrl(root, join(folder, SITE_CONFIG_FILE)))) as { default: SiteConfig }).default;
  const loadModules = async () => {
    const siteConfig = fromVite || folder !== siteFolder() ? await viteSiteConfig() : startedSite;
    fromVite = true;
    return { routes: await siteConfig.routes(), renderer: await siteConfig.render(), url: siteConfig.url };
  };
  let warmed = false;
  /**
   * Vite's copy of the site's modules loaded ahead of the first code edit (its errors show then),
   * once no request has come for WARM_AFTER_IDLE_MS: its transforms queue ahead of a request's
   * steps (an edit's reload waited 270 ms behind them at load 6).
   */
  const warmVite = () => {
    if (warmed) return;
    warmed = true;
    const whenIdle = () => {
      if (closed) return;
      const idle = performance.now() - lastRequestAt;
      if (idle < WARM_AFTER_IDLE_MS) {
        setTimeout(whenIdle, WARM_AFTER_IDLE_MS - idle).unref();
        return;
      }
      warming = viteSiteConfig().then(
        () => mark('Vite\'s copy of the site\'s modules loaded in the background'),
        () => undefined,
      );
    };
    whenIdle();
  };

  // A site with a content stream (runtime/site.ts SiteContent): its pages rendered on request (dev-pages.ts).
  const pages = new DevPages({ siteDir, contentDir: content, assets: DEV_ASSETS, inspectorAssets: DEV_INSPECTOR_ASSETS });
  let streamed = false;
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  /** The background pass (dev-pages.ts): every page not rendered yet, one per turn of the event loop, then the index. */
  let indexing: Promise<void> | undefined;
  /** When the last request (other than the stats) came in: the background pass pauses while requests come. */
  let lastRequestAt = 0;
  const indexInBackground = () => {
    indexing ??= (async () => {
      do {
        const started = performance.now();
        for (const target of pages.unrendered()) {
          await new Promise((done) => setImmediate(done));
          // A developer at work (a page or a module asked for just now) comes first: the pass waits.
          while (performance.now() - lastRequestAt < BACKGROUND_PAUSE_MS && !closed) await new Promise((done) => setTimeout(done, BACKGROUND_PAUSE_MS));
          if (closed) return;
          try {
            pages.renderForIndex(target);
          } catch (error) {
            log(`dev: a page could not be rendered for the search index: ${errorText(error)}`);
          }
        }
        const count = await reindex(pages.finishIndexPass());
        log(`dev: search index ${count} pages (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      } while (!pages.indexed && !closed);
    })()
      .catch((error: unknown) => log(`dev: the search index could not be built: ${errorText(error)}`))
      .finally(() => {
        indexing = undefined;
      });
  };
  /**
   * After an edit, the index is built again a moment later: the reload the edit sends is answered
   * first (a part of the index is built on this thread, a second or two at 10,000 pages), and a
   * burst of saves is indexed once.
   */
  let reindexTimer: NodeJS.Timeout | undefined;
  const reindexSoon = () => {
    clearTimeout(reindexTimer);
    reindexTimer = setTimeout(() => {
      reindexTimer = undefined;
      indexInBackground();
    }, REINDEX_DELAY_MS);
  };
  app.addHook('onClose', async () => clearTimeout(reindexTimer));
  let indexStarted = false;
  /** The first page served (or search asked for) starts the background pass, once its answer is sent. */
  const startIndexAfter = (reply: { raw: NodeJS.EventEmitter }) => {
    if (indexStarted || !streamed) return;
    indexStarted = true;
    reply.raw.once('finish', indexInBackground);
  };

  /**
   * A search while the index is not current (none built yet, or an edit not indexed yet): the pass
   * starts now, and the search waits for it up to FIRST_SEARCH_WAIT_MS (a small site's whole pass;
   * a large one answers from what is indexed then).
   */
  const searchReady = async () => {
    if (pages.indexed && indexing === undefined && reindexTimer === undefined) return;
    clearTimeout(reindexTimer);
    reindexTimer = undefined;
    indexStarted = true;
    indexInBackground();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([indexing, new Promise((done) => (timer = setTimeout(done, FIRST_SEARCH_WAIT_MS)))]);
    clearTimeout(timer);
  };

  app.get(DEV_STATS_PATH, async (_request, reply) => reply.header('Cache-Control', 'no-store').send(pages.counts satisfies DevPageStats));

  let timedRendered = false;
  // A page asked for is rendered first when it is not current; as the build would stop, the dev
  // server shows what is wrong in the content, in the browser.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url !== DEV_STATS_PATH) lastRequestAt = performance.now();
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (streamed && ((request.method === 'POST' && request.url.startsWith('/ajax')) || request.url.startsWith('/search/'))) await searchReady();
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (streamed) {
      // A fix the watcher did not report (a save it coalesced with the one before, on a loaded machine) must not leave the problem page up.
      for (const file of pages.changedProblemFiles()) pages.contentChanged(file);
      try {
        if (pages.serve(decodedPath(request.url))) {
          startIndexAfter(reply);
          if (!timedRendered) mark('the first page rendered');
          timedRendered = true;
        }
      } catch (error) {
        // A render that throws (code half typed): the page of the last good render stays, if there is one.
        log(`dev: ${request.url} could not be rendered, serving the last good page if any:\n${errorText(error)}`);
      }
    } else if (contentProblems !== undefined && wantsHtml && (await newestChange(content)) > contentReadAt) void rerender().catch(() => undefined);
    const problems = streamed ? pages.problems() : contentProblems;
    if (problems === undefined || request.method !== 'GET' || !wantsHtml) return;
    return reply.code(500).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(problems);
  });

  /** How long the last scan of the content took (the rest of a start is loading the modules through Vite). */
  let scanMs = 0;
  const renderOnce = async (): Promise<RenderResult> => {
    const { routes, renderer, url } = await loadModules();
    mark('the site\'s routes and renderer loaded (the server\'s modules at start, Vite\'s after a code edit)');
    if (routes.content) {
      const scanning = performance.now();
      pages.load({ routes, renderer, url });
      scanMs = performance.now() - scanning;
      mark('the content scanned');
      streamed = true;
      if (indexStarted) indexInBackground();
      return { pages: pages.counts.pages, indexed: app.siteSearch.pages.length };
    }
    streamed = false;
    // The content files are read again on every render (the module keeps its first load).
    contentReadAt = await newestChange(content);
    let siteContent: ReturnType<typeof routes.loadSite>;
    try {
      siteContent = routes.loadSite(content, { drafts: true });
      contentProblems = undefined;
    } catch (error) {
      if (error instanceof Error && error.name === 'ContentError') contentProblems = error.message;
      throw error;
    }
    const { pages: sitePages, menu } = siteContent;
    type Page = (typeof sitePages)[number];
    const source = { pages: sitePages, notFoundPage: routes.notFoundPage, renderPage: (page: Page, assets: PageAssets) => renderer.renderPage(page, assets, menu), siteUrl: url, menu };
    const files = renderSite(source, DEV_ASSETS, DEV_INSPECTOR_ASSETS);
    await writeSite(siteDir, files);
    await removeStale(siteDir, files);
    return { pages: files.filter((file) => file.page).length, indexed: await reindex() };
  };

  let queued: Promise<RenderResult> | undefined;
  let running: Promise<RenderResult> = Promise.resolve({ pages: 0, indexed: 0 });
  const rerender = (): Promise<RenderResult> => {
    if (queued) return queued;
    const next = running.catch(() => undefined).then(() => {
      queued = undefined;
      return renderOnce();
    });
    queued = next;
    running = next;
    return next;
  };

  const startedAt = performance.now();
  const first = await rerender().catch((error: unknown) => {
    // A content problem is the developer's to fix while the server runs; anything else stops the start.
    if (contentProblems === undefined) throw error;
    log(`dev: the content has problems; every page shows them until they are fixed:\n${contentProblems}`);
  });
  if (first && streamed) log(`dev: ${first.pages} pages found in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (the content scanned in ${(scanMs / 1000).toFixed(1)} s); each is rendered into ${siteDir} when first asked for, the search index in the background after the first page`);
  else if (first) log(`dev: rendered ${first.pages} pages into ${siteDir}, search index ${first.indexed} pages`);

  const reload = () => vite.environments.client?.hot.send({ type: 'full-reload' });
  onSourceChange = (file, hotSwapped) => {
    const path = relative(root, file).split(sep).join('/');
    const isSite = file.startsWith(`${content}${sep}`) || file.startsWith(`${folder}${sep}`);
    if ((!isSite && !PAGE_SOURCE_DIRS.some((dir) => path.startsWith(`${dir}/`))) || !PAGE_SOURCE_FILE.test(path)) return;
    if (streamed && file.startsWith(`${content}${sep}`)) {
      // A content page: that page is read and rendered again, now; no other (unless the menu changed).
      let changed: ReturnType<DevPages['contentChanged']>;
      try {
        changed = pages.contentChanged(relative(content, file).split(sep).join('/'));
      } catch (error) {
        log(`dev: ${path} changed; it could not be rendered, keeping the last page:\n${errorText(error)}`);
        return;
      }
      if (changed === 'not-content') {
        // A module in the content folder (the site's data): code.
      } else {
        if (changed === 'unchanged') return;
        const problems = pages.problems();
        log(problems ? `dev: ${path} changed; every page shows the content's problems until they are fixed:\n${problems}` : `dev: ${path} changed; its page rendered`);
        if (indexStarted) reindexSoon();
        reload();
        return;
      }
    }
    rerender().then(
      (result) => {
        log(streamed ? `dev: ${path} changed; the site's modules loaded again, its ${result.pages} pages render again when asked for` : `dev: ${path} changed; rendered ${result.pages} pages, search index ${result.indexed} pages`);
        // A client module is hot-swapped by Vite; anything else only shows after a reload.
        if (!hotSwapped) reload();
      },
      (error: unknown) => {
        const problem = contentProblems ?? errorText(error);
        log(`dev: ${path} changed; the pages could not be rendered, keeping the last ones:\n${problem}`);
        // The browser shows the content problems (the hook above); open pages reload to show them.
        if (contentProblems !== undefined) reload();
      },
    );
  };

  return { ...site, vite, siteDir, rerender };
}

/** A content page (Markdown), which the content stream reads and Vite never imports. */
function isContentPage(file: string): boolean {
  return /\.(md|mdoc)$/.test(file);
}

/**
 * The content folder watched folder by folder (fs.watch on each: one inotify watch a folder, no file
 * read or stat'ed until it changes), a folder made later watched as it appears. Calls `changed` with
 * each changed, added or removed file's path, and each file of a folder that appeared (a save may
 * call it more than once: the caller compares the text). Returns what stops it.
 */
function watchContent(dir: string, changed: (file: string) => void): () => void {
  const watchers = new Map<string, FSWatcher>();
  const watchFolder = (folder: string) => {
    if (watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => {
        if (!name) return;
        const file = join(folder, name.toString());
        if (isFolder(file)) watchTree(file, true);
        else if (watchers.has(file)) unwatch(file); // a folder removed (one made again by its name is watched anew)
        else changed(file);
      });
    } catch {
      return; // gone meanwhile
    }
    watcher.on('error', () => unwatch(folder));
    watchers.set(folder, watcher);
  };
  const unwatch = (folder: string) => {
    watchers.get(folder)?.close();
    watchers.delete(folder);
  };
  /** A folder and those inside it; one that appeared (`added`) has its files reported too (copied in with it). */
  const watchTree = (folder: string, added: boolean) => {
    watchFolder(folder);
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(folder, { recursive: true, withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) watchFolder(join(entry.parentPath, entry.name));
      else if (added) changed(join(entry.parentPath, entry.name));
    }
  };
  watchTree(dir, false);
  return () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A request's path without its query, decoded ('' when it is not valid percent-encoding: no page is there). */
function decodedPath(url: string): string {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return '';
  }
}

/** An error as the log shows it. */
function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** A file as Vite's module URL: from the root inside it, through /@fs/ outside (a site folder anywhere). */
function viteUrl(root: string, file: string): string {
  const path = relative(root, file).split(sep).join('/');
  return path.startsWith('../') ? `/@fs${file.split(sep).join('/')}` : `/${path}`;
}

/** The latest modification time of the files under `dir` (ms since the epoch; 0 when it cannot be read). */
async function newestChange(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const times = await Promise.all(entries.filter((entry) => entry.isFile()).map((entry) => stat(join(entry.parentPath, entry.name)).then((info) => info.mtimeMs, () => 0)));
  return Math.max(0, ...times);
}

/** Files of an earlier render whose page is gone (a route removed while dev runs). */
async function removeStale(dir: string, files: readonly SiteFile[]): Promise<void> {
  const current = new Set(files.map((file) => file.file));
  const existing = await readdir(dir, { recursive: true, encoding: 'utf8' });
  for (const name of existing) {
    const file = name.split(sep).join('/');
    if (/\.(html|xml|txt)$/.test(file) && !current.has(file)) await rm(join(dir, file), { force: true });
  }
}
