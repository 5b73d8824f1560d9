import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PageAssets } from '../../runtime/render/Document';
import { renderInspectorPage } from './inspector-page';
import { SITE_MENU_FILE } from '../../server/build-files';

/**
 * The one render pipeline of the site: every page, the 404 page, the offline inspector's page, the
 * sitemap and robots.txt, as files of a static directory. `npm run build` (prerender.ts) writes them
 * into dist/client with the built assets; `npm run dev` (dev-server.ts) writes them into its own
 * directory with Vite's source entries, so the dev server serves, indexes and answers from exactly
 * what the build would write.
 */
export interface SitePage {
  path: string;
  /** A draft page (dev only): rendered, never in the sitemap. */
  draft?: boolean;
}

/** What the demo supplies (demo/render.tsx and demo/site.ts): passed in, since runtime/ may not import demo/. */
export interface SiteSource<P extends SitePage> {
  pages: readonly P[];
  notFoundPage: P;
  renderPage(page: P, assets: PageAssets): { html: string; widgets: string[] };
  /** The public address (sitemap, robots.txt). */
  siteUrl: string;
  /** The main menu (from the content pages' front matter), written for the pages the server renders (server/pages.ts). */
  menu?: unknown;
}

export interface SiteFile {
  /** Relative to the static directory: `contact/index.html`, `404.html`, `sitemap.xml`. */
  file: string;
  content: string;
  /** For a content page: its route and the widgets of its islands (the build's JS table). */
  page?: { path: string; widgets: string[] };
}

/** `/contact/` -> `contact/index.html`; `/404.html` -> `404.html`. */
export function pageFile(path: string): string {
  const file = path.endsWith('/') ? `${path}index.html` : path;
  return file.replace(/^\//, '');
}

export function renderSite<P extends SitePage>(source: SiteSource<P>, assets: PageAssets, inspectorAssets?: PageAssets, today = new Date()): SiteFile[] {
  const files: SiteFile[] = source.pages.map((page) => {
    const { html, widgets } = source.renderPage(page, assets);
    return { file: pageFile(page.path), content: html, page: { path: page.path, widgets } };
  });
  files.push({ file: pageFile(source.notFoundPage.path), content: source.renderPage(source.notFoundPage, assets).html });
  if (source.menu !== undefined) files.push({ file: SITE_MENU_FILE, content: `${JSON.stringify(source.menu, null, 2)}\n` });
  if (inspectorAssets) files.push({ file: '__inspect/index.html', content: renderInspectorPage(inspectorAssets) });
  const published = source.pages.filter((page) => !page.draft).map((page) => page.path);
  files.push(...sitemapFiles(source.siteUrl, published, today));
  files.push({ file: 'robots.txt', content: `User-agent: *\nAllow: /\n\nSitemap: ${source.siteUrl}/sitemap.xml\n` });
  return files;
}

/** The sitemap protocol's limit of URLs in one file: a larger site's sitemap.xml is an index of files of this many. */
export const SITEMAP_URLS = 50_000;

/**
 * sitemap.xml for `paths`; past SITEMAP_URLS (issue 47), sitemap.xml is a sitemap index naming
 * sitemap-1.xml, sitemap-2.xml, … of SITEMAP_URLS addresses each.
 */
export function sitemapFiles(siteUrl: string, paths: readonly string[], today = new Date(), perFile = SITEMAP_URLS): Array<{ file: string; content: string }> {
  const day = today.toISOString().slice(0, 10);
  const urlset = (part: readonly string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${part.map((path) => `  <url><loc>${siteUrl}${path}</loc><lastmod>${day}</lastmod></url>`).join('\n')}\n</urlset>\n`;
  if (paths.length <= perFile) return [{ file: 'sitemap.xml', content: urlset(paths) }];
  const parts = Array.from({ length: Math.ceil(paths.length / perFile) }, (_, n) => ({ file: `sitemap-${n + 1}.xml`, content: urlset(paths.slice(n * perFile, (n + 1) * perFile)) }));
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.map(({ file }) => `  <sitemap><loc>${siteUrl}/${file}</loc><lastmod>${day}</lastmod></sitemap>`).join('\n')}\n</sitemapindex>\n`;
  return [{ file: 'sitemap.xml', content: index }, ...parts];
}

export async function writeSite(dir: string, files: readonly SiteFile[]): Promise<void> {
  for (const { file, content } of files) {
    const target = join(dir, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}
