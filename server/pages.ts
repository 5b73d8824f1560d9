import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { SITE_MENU_FILE, siteEntryKey, siteIconOf, type Manifest } from './build-files';
import type { PageAssets } from '../runtime/render/Document';
import site from './site-entry';
import { buildIdOf } from './reports/build-id';

/** The served site's renderer: its shell, its menu, its translations (runtime/site.ts). */
const renderer = await site.render();

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

/** The built assets, and the main menu the build wrote (the content pages' front matter decides it). */
export interface SiteAssets extends PageAssets {
  menu?: unknown;
}

function readMenu(staticDir: string): unknown {
  try {
    return JSON.parse(readFileSync(join(staticDir, SITE_MENU_FILE), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function readAssets(staticDir: string): SiteAssets {
  const menu = readMenu(staticDir);
  try {
    const manifest = JSON.parse(readFileSync(join(staticDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = manifest[siteEntryKey(manifest)];
    if (entry) return { entryScript: `/${entry.file}`, stylesheets: (entry.css ?? []).map((file) => `/${file}`), icon: siteIconOf(staticDir), menu, build: buildIdOf(staticDir) };
  } catch {
    // No build yet: the page still renders, unstyled and without scripts (it reads fine without JS).
  }
  return { entryScript: '', stylesheets: [], menu };
}

export function renderServerPage(page: ServerPage, assets: SiteAssets): string {
  return renderer.renderPage({ path: page.path, title: page.title, description: page.description, render: () => page.body }, assets, assets.menu).html;
}
