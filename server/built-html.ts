import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * The built site's HTML files, read once at start for everything that needs them: the CSP's
 * inline-script hashes (security/inline-scripts.ts) and the search index's fingerprint and pages
 * (search/persist.ts). At 10,000 pages each of them walking and reading the site on its own cost
 * a restart about half a second (issue 15: start <= 2 s). Read synchronously: this runs once
 * before the server listens, and 10,000 small files through the thread pool took seconds.
 */
export interface BuiltHtml {
  /** Relative to the static folder, '/'-separated ('news/index.html'). */
  file: string;
  /** The file's bytes: hashing needs no text, and most readers decode only the files they need. */
  bytes: Buffer;
}

/** Every .html file under `staticDir` (none under an assets/ folder: Vite's hashed files), in path order. */
export function readBuiltHtml(staticDir: string): BuiltHtml[] {
  let names: string[];
  try {
    names = readdirSync(staticDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return []; // no build yet
  }
  return names
    .map((name) => name.split(sep).join('/'))
    .filter((file) => file.endsWith('.html') && !file.split('/').includes('assets'))
    .sort()
    .map((file) => ({ file, bytes: readFileSync(join(staticDir, file)) }));
}

/** The prerendered pages among the HTML files: the index.html files (the 404 page is not content). */
export function isPageFile(file: string): boolean {
  return /(^|\/)index\.html$/.test(file);
}

/** A page's address from its file ('news/index.html' is '/news/'). */
export function pagePathOf(file: string): string {
  return `/${file.slice(0, -'index.html'.length)}`;
}

/**
 * A fingerprint of the prerendered pages, their addresses and bytes (the search index is saved
 * under it: search/persist.ts): any change to a page changes it. Made of each page's own sha256,
 * so the build computes it from its pages' records without reading them again (issue 47).
 */
export function fingerprintPages(html: readonly BuiltHtml[]): string {
  return fingerprintOf(html.map((built) => ({ file: built.file, sha256: createHash('sha256').update(built.bytes).digest('hex') })));
}

/** fingerprintPages() from each HTML file's sha256 (hex), in path order. */
export function fingerprintOf(html: ReadonlyArray<{ file: string; sha256: string }>): string {
  const hash = createHash('sha256');
  for (const built of html) if (isPageFile(built.file)) hash.update(`\0${pagePathOf(built.file)}\0${built.sha256}`);
  return hash.digest('hex').slice(0, 32);
}
