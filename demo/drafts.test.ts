import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSite } from '../tests/support/server-parts';
import { CONTENT_ROOT } from './authoring/content-dir';
import { renderPage } from './render';
import { loadSite, notFoundPage } from './routes';

/**
 * Issue 30: `draft: true` shows the page in `npm run dev` (loadSite with drafts, as the dev server
 * calls it) with a Draft note, and keeps it out of the build, the menu, the sitemap and the search.
 */
const dir = mkdtempSync(join(tmpdir(), 'sitecharts-drafts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
cpSync(join(CONTENT_ROOT, 'pages'), join(dir, 'pages'), { recursive: true });
writeFileSync(join(dir, 'pages/open-day.md'), '---\ntitle: Open day\ndescription: Soon.\ndraft: true\nmenu:\n  label: Open day\n  order: 96\n---\n\n# Open day\n\nSoon.\n');
const assets = { entryScript: '/assets/client.js', stylesheets: [] };

function site(drafts: boolean) {
  const { pages, menu } = loadSite(dir, { drafts });
  const files = renderSite({ pages, notFoundPage, renderPage: (page, pageAssets) => renderPage(page, pageAssets, menu), siteUrl: 'https://harbourlight.example' }, assets);
  return { pages, menu, files };
}

describe('a draft page', () => {
  it('in dev: rendered with a Draft note and a noindex, but in no menu and no sitemap', () => {
    const { menu, files } = site(true);
    const html = files.find((file) => file.file === 'open-day/index.html')?.content ?? '';
    expect(html).toContain('<p class="draft-marker" role="note"><strong>Draft</strong>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(menu.map((item) => item.label)).not.toContain('Open day');
    expect(files.find((file) => file.file === 'sitemap.xml')?.content).not.toContain('/open-day/');
  });

  it('in the build: not a page at all', () => {
    const { pages, files } = site(false);
    expect(pages.map((page) => page.path)).not.toContain('/open-day/');
    expect(files.map((file) => file.file)).not.toContain('open-day/index.html');
  });
});
