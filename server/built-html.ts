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
