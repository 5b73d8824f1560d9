import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { closest } from '../runtime/closest';
import type { SiteConfig, SitePage } from '../runtime/site';

/**
 * Issue 48: `sitecharts check` and `sitecharts build` of a site without a checker of its own (the
 * starter, a site made from it) report a link to no page. Each page is rendered as the build
 * renders it, and each `<a href="/…">` on it (its content's, its widgets', its shell's) must lead to
 * a page of the site, a file of its public/ folder, or an address the server or the build answers.
 * The demo checks its links in its own loader, with file:line:column (demo/authoring/links.ts).
 */
const SERVED = ['/search/', '/sitemap.xml', '/robots.txt', '/healthz'];
const ANCHOR_HREF = /<a\s[^>]*?href="([^"]*)"/g;

function publicFile(publicDir: string, path: string): boolean {
  const file = resolve(publicDir, `.${decodeURIComponent(path)}`);
  return file.startsWith(publicDir) && statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/** One line per link that leads nowhere: `<page>: the link to <path> leads to no page (did you mean …?)`. */
export async function linksToNoPage(site: SiteConfig, siteFolder: string, pages: readonly SitePage[], menu: unknown): Promise<string[]> {
  const { renderPage } = await site.render();
  const publicDir = join(siteFolder, 'public');
  const addresses = [...pages.map((page) => page.path), ...SERVED];
  const problems: string[] = [];
  for (const page of pages) {
    const { html } = renderPage(page, { entryScript: '/check.js', stylesheets: [] }, menu);
    const hrefs = new Set([...html.matchAll(ANCHOR_HREF)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&')));
    for (const href of hrefs) {
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const path = href.split(/[?#]/)[0] ?? '';
      if (path === '' || publicFile(publicDir, path)) continue;
      const withSlash = /\.[a-z\d]{2,5}$/i.test(path) || path.endsWith('/') ? path : `${path}/`;
      if (addresses.includes(withSlash)) continue;
      problems.push(`${page.path}: the link to ${path} leads to no page (did you mean '${closest(withSlash, pages.map((known) => known.path))}'?)`);
    }
  }
  return problems;
}
