import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { loadSiteConfig, siteContentDir, siteDir } from '../../server/site-folder';
import { INSPECTOR_ENTRY, siteEntryKey, type Manifest } from '../../server/build-files';
import { formatBudgetTable, gzipBytes, pageBudget, staticClosure } from './budget';
import type { PageAssets } from '../../runtime/render/Document';
import { DEVICE_FLAGS_SCRIPT_HASH } from '../../runtime/render/device-script';
import { HTML_MANIFEST, writeHtmlManifest } from '../../server/html-manifest';
import { precompress, summary } from './precompress';
import { renderSite, writeSite } from './render-site';

/**
 * After `vite build`: prerenders every page to static HTML (readable without JS), writes sitemap.xml,
 * robots.txt and the menu (render-site.ts: the pipeline `npm run dev` shares), writes the build
 * graph's JS figures per page to dist/js-graph.json (a hint: the budgets are measured in the browser)
 * and the inline scripts' CSP hashes to dist/csp.json, and last the record of the HTML the server
 * reads at start in place of the files (server/html-manifest.ts).
 */
const root = resolve(import.meta.dirname, '../..');
// The site folder (SITE_DIR or --site, else the demo): its config, its content, its browser entry.
const dir = siteDir();
const site = await loadSiteConfig(dir);
// STATIC_DIR (as the server reads it) prerenders into a copy of the client build: the e2e test of a
// new content page builds its own site this way without touching dist/.
const clientDir = process.env.STATIC_DIR ? resolve(process.env.STATIC_DIR) : join(resolve(root, process.env.OUT_DIR ?? 'dist'), 'client');
const outDir = dirname(clientDir);

// Every content page is validated first: one problem anywhere fails the build with the whole list
// (file:line:column and what to change), without a stack trace a site owner cannot use.
function stopOnContentProblems(error: unknown): never {
  if (error instanceof Error && error.name === 'ContentError') {
    console.error(`${error.message}\n\nThe build stopped: fix the content and build again.`);
    process.exit(1);
  }
  throw error;
}
const routes = await site.routes().catch(stopOnContentProblems);
const { renderPage } = await site.render();
const loaded = (() => {
  try {
    return routes.loadSite(siteContentDir(dir));
  } catch (error) {
    return stopOnContentProblems(error);
  }
})();
const { pages, menu } = loaded;
const { notFoundPage } = routes;

const manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const entry = manifest[siteEntryKey(manifest)];
if (!entry) throw new Error('The client build has no site entry; run vite build first.');
// The entry's static imports (xstate, the settings, the ids) are fetched beside it: without the
// hint the browser finds them only once the entry has arrived, a round trip later on a phone.
const entryImports = [...staticClosure(manifest, siteEntryKey(manifest))].filter((file) => file !== entry.file);
const assets: PageAssets = {
  entryScript: `/${entry.file}`,
  stylesheets: (entry.css ?? []).map((file) => `/${file}`),
  modulePreloads: entryImports.map((file) => `/${file}`),
};

const sizes = new Map<string, number>();
const gzipSize = (file: string) => sizes.get(file) ?? 0;

for (const chunk of Object.values(manifest)) {
  if (chunk.file.endsWith('.js')) sizes.set(chunk.file, gzipBytes(await readFile(join(clientDir, chunk.file))));
}

const inspector = manifest[INSPECTOR_ENTRY];
const inspectorAssets = inspector && { entryScript: `/${inspector.file}`, stylesheets: (inspector.css ?? []).map((file) => `/${file}`) };
const source = { pages, notFoundPage, renderPage: (page: (typeof pages)[number], pageAssets: PageAssets) => renderPage(page, pageAssets, menu), siteUrl: site.url, menu };
const files = renderSite(source, assets, inspectorAssets);
await writeSite(clientDir, files);
const budgets = files.flatMap(({ page }) => (page ? [pageBudget(manifest, page.path, page.widgets, gzipSize)] : []));
// The hashes a strict Content-Security-Policy lists in script-src for the pages' inline scripts.
await writeFile(join(outDir, 'csp.json'), `${JSON.stringify({ 'script-src': [DEVICE_FLAGS_SCRIPT_HASH] }, null, 2)}\n`);
await writeFile(join(outDir, 'js-graph.json'), `${JSON.stringify(budgets, null, 2)}\n`);

const shownDir = relative(root, clientDir).startsWith('..') ? clientDir : relative(root, clientDir);
console.log(`prerendered ${pages.length + 1} pages of ${site.name} into ${shownDir}`);
console.log(formatBudgetTable(budgets));
console.log(summary(shownDir, await precompress(clientDir)));
// Last, once every HTML file is as it will be served: the server's record of them (issue 35: a
// restart reads this one file instead of every page; server/html-manifest.ts).
const record = writeHtmlManifest(clientDir);
console.log(`recorded ${record.pageFiles.length} pages and ${record.scriptHashes.length} inline script hashes in ${join(shownDir, HTML_MANIFEST)}`);
