/*
 * The files of a build the server reads (issue 48: the server owns their formats, and the tooling,
 * which writes them, imports them from here; the server never imports the tooling): Vite's
 * manifest and the site's entry in it, the main menu the build writes beside it, and which files
 * the build precompresses for the static handler.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest (.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const INSPECTOR_ENTRY = 'runtime/inspector-app/main.tsx';
/** The inspector's entry by its manifest key: the source's in this repository, the compiled module's in the package (issue 48). */
const isInspectorEntry = (key: string) => key === INSPECTOR_ENTRY || key === INSPECTOR_ENTRY.replace(/\.tsx$/, '.js');

/**
 * The site's browser entry in a build manifest: the one entry besides the inspector's. Its key is the
 * site folder's client.ts, wherever the folder is (issue 32), so it is found rather than named.
 */
export function siteEntryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry === true && !isInspectorEntry(name));
  if (!key) throw new Error('The client build has no site entry (the site folder\'s client.ts); run vite build first.');
  return key;
}

/**
 * The pages' icon (`PageAssets.icon`): `/favicon.png` where the site's public folder has one, else
 * none (the document links `/favicon.svg`). Issue 49, goal 2: a browser draws an SVG icon as a
 * document of its own in one main-thread task (36-55 ms at 4x CPU in Chromium, the only task over
 * 50 ms on some loads of /about/ and /language/); with a PNG no such task is traced (e2e
 * `site.test.ts`) and none over 50 ms came from the icon in the 14-page long-task run of 2026-12-07.
 */
export const siteIconOf = (clientDir: string): string | undefined => (existsSync(join(clientDir, 'favicon.png')) ? '/favicon.png' : undefined);

/**
 * Where the build writes the site's main menu (from the content pages' front matter), inside the
 * client build's metadata folder beside the manifest, which the static handler does not serve.
 */
export const SITE_MENU_FILE = '.vite/site-menu.json';

/** The files the build writes a `.br` and a `.gz` beside (tooling/build/precompress.ts) and the server sends as they are. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest', '.map', '.ico']);
