import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { renderPage } from '../demo/render';
import { CLIENT_ENTRY, type Manifest } from '../runtime/build/budget';
import type { PageAssets } from '../runtime/build/Document';

/**
 * Pages the server renders per request (search results, form answers without JS) in the site's
 * own shell, with the built entry script and stylesheets named in the client build's manifest.
 */
export interface ServerPage {
  path: string;
  title: string;
  description: string;
  body: ReactNode;
}

export function readAssets(staticDir: string): PageAssets {
  try {
    const manifest = JSON.parse(readFileSync(join(staticDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = manifest[CLIENT_ENTRY];
    if (entry) return { entryScript: `/${entry.file}`, stylesheets: (entry.css ?? []).map((file) => `/${file}`) };
  } catch {
    // No build yet: the page still renders, unstyled and without scripts (it reads fine without JS).
  }
  return { entryScript: '', stylesheets: [] };
}

export function renderServerPage(page: ServerPage, assets: PageAssets): string {
  return renderPage({ path: page.path, title: page.title, description: page.description, render: () => page.body }, assets).html;
}
