import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSiteConfig, siteContentDir, siteDir } from '../../server/site-folder';
import { INSPECTOR_ENTRY, siteEntryKey, siteIconOf, type Manifest } from '../../server/build-files';
import { formatBudgetTable, gzipBytes, pageBudget, staticClosure, type PageBudget } from './budget';
import type { PageAssets } from '../../runtime/render/Document';
import { DEVICE_FLAGS_SCRIPT_HASH } from '../../runtime/render/device-script';
import { HTML_MANIFEST } from '../../server/html-manifest';
import { buildIdOf } from '../../server/reports/build-id';
import { codeFingerprint } from './code-fingerprint.mjs';
import { ContentProblems, prerenderPages, type PrerenderResult } from './pages/prerender-pages';

/**
 * After `vite build`: prerenders every page to static HTML (readable without JS) as a stream on
 * render threads (pages/, issue 47), with sitemap.xml, robots.txt, the menu and the record of the
 * HTML the server reads at start (server/html-manifest.ts); writes the build graph's JS figures
 * per widget set to js-graph.json (a hint: the budgets are measured in the browser) and the inline
 * scripts' CSP hashes to csp.json. `npm run build` (publish.ts) calls it, on the staged release.
 */
const root = resolve(import.meta.dirname, '../..');

export interface PrerenderSiteOptions {
  siteDir: string;
  contentDir: string;
  clientDir: string;
  /** The release being replaced (incremental: its unchanged pages are taken). */
  previous?: string;
  /** The files' memo (prerender-pages.ts). */
  fileMemo?: string;
  code?: string;
  log?: (line: string) => void;
}

/** The page's scripts and styles from the client build's manifest. */
async function assetsOf(clientDir: string): Promise<{ manifest: Manifest; assets: PageAssets; inspectorAssets?: PageAssets }> {
  const manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = manifest[siteEntryKey(manifest)];
  if (!entry) throw new Error('The client build has no site entry; run vite build first.');
  // The entry's static imports (xstate, the settings, the ids) are fetched beside it: without the
  // hint the browser finds them only once the entry has arrived, a round trip later on a phone.
  const entryImports = [...staticClosure(manifest, siteEntryKey(manifest))].filter((file) => file !== entry.file);
  const inspector = manifest[INSPECTOR_ENTRY];
  return {
    manifest,
    assets: { entryScript: `/${entry.file}`, stylesheets: (entry.css ?? []).map((file) => `/${file}`), modulePreloads: entryImports.map((file) => `/${file}`), icon: siteIconOf(clientDir), build: buildIdOf(clientDir) },
    inspectorAssets: inspector && { entryScript: `/${inspector.file}`, stylesheets: (inspector.css ?? []).map((file) => `/${file}`) },
  };
}

/** The build graph's JS figures, one row per set of widgets (a site of 100,000 plain pages has one). */
async function budgetsOf(clientDir: string, manifest: Manifest, pages: PrerenderResult['pages']): Promise<PageBudget[]> {
  const sizes = new Map<string, number>();
  for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.js')) sizes.set(chunk.file, gzipBytes(await readFile(join(clientDir, chunk.file))));
  const bySet = new Map<string, PageBudget>();
  for (const page of pages) {
    const key = page.widgets.join(',');
    const known = bySet.get(key);
    if (known) known.pages = (known.pages ?? 1) + 1;
    else bySet.set(key, pageBudget(manifest, page.path, page.widgets, (file) => sizes.get(file) ?? 0));
  }
  return [...bySet.values()];
}

export async function prerender({ siteDir: dir, contentDir, clientDir, previous, fileMemo, code, log = console.log }: PrerenderSiteOptions): Promise<PrerenderResult> {
  const outDir = dirname(clientDir);
  const site = await loadSiteConfig(dir);
  const { manifest, assets, inspectorAssets } = await assetsOf(clientDir);
  const result = await prerenderPages({ site, siteDir: dir, contentDir, clientDir, outDir, assets, inspectorAssets, code: code ?? codeFingerprint({ root, siteDir: dir, contentDir }), previous, fileMemo });
  const budgets = await budgetsOf(clientDir, manifest, result.pages);
  // The hashes a strict Content-Security-Policy lists in script-src for the pages' inline scripts.
  await writeFile(join(outDir, 'csp.json'), `${JSON.stringify({ 'script-src': [DEVICE_FLAGS_SCRIPT_HASH] }, null, 2)}\n`);
  await writeFile(join(outDir, 'js-graph.json'), `${JSON.stringify(budgets, null, 2)}\n`);
  const shownDir = relative(root, clientDir).startsWith('..') ? clientDir : relative(root, clientDir);
  if (result.warnings.length > 0) log(`${result.warnings.join('\n')}\n`);
  log(`prerendered ${result.pages.length + 1} pages of ${site.name} into ${shownDir} (${result.rendered} rendered, ${result.reused} unchanged since the last build; ${result.read} content files read)`);
  log(formatBudgetTable(budgets));
  log(`recorded ${result.pages.length} pages in ${join(shownDir, HTML_MANIFEST)}`);
  return result;
}

// Run alone: STATIC_DIR (as the server reads it) prerenders into a copy of the client build; the
// e2e test of a new content page builds its own site this way without touching dist/.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = siteDir();
  const clientDir = process.env.STATIC_DIR ? resolve(process.env.STATIC_DIR) : join(resolve(root, process.env.OUT_DIR ?? 'dist'), 'client');
  try {
    await prerender({ siteDir: dir, contentDir: siteContentDir(dir), clientDir });
  } catch (error) {
    if (!(error instanceof ContentProblems)) throw error;
    console.error(`${error.message}\n\nThe build stopped: fix the content and build again.`);
    process.exit(1);
  }
}
