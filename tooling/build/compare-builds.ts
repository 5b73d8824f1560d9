import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * `tsx tooling/build/compare-builds.ts <before> <after>`: whether two builds of a site's client
 * directory (dist/client) are the same pages, asset hashes aside (issue 32: the demo builds
 * byte-identical pages before and after the layout move). Every file name and text file has its
 * content hashes (Vite's `-AbC12_xY.js` and the like) replaced by a placeholder; binary files are
 * compared as they are. Prints each difference and exits 1 if there is any.
 */
const HASHED = /([-.])[A-Za-z0-9_-]{8}(?=\.(?:js|css|svg|png|jpe?g|webp|avif|woff2?|gif|ico|json)\b)/g;
/** The sitemap's lastmod is the build's day; two builds on different days differ there alone. */
const LASTMOD = /<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g;
const TEXT = /\.(html|xml|txt|js|css|json|svg|webmanifest)$/;

export function normalise(text: string): string {
  return text.replace(HASHED, '$1[hash]').replace(LASTMOD, '<lastmod>[day]</lastmod>');
}

function files(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    // Precompressed copies follow from their source files; the manifest names source paths, not pages.
    if (!statSync(path).isFile() || /\.(br|gz)$/.test(name)) continue;
    const key = normalise(relative(dir, path).split('\\').join('/'));
    const content = readFileSync(path);
    found.set(key, TEXT.test(name) ? normalise(content.toString('utf8')) : content.toString('base64'));
  }
  return found;
}

/** The differences between two builds, as lines (empty when the same). */
export function compareBuilds(before: string, after: string): string[] {
  const a = files(before);
  const b = files(after);
  const problems: string[] = [];
  for (const [name, content] of a) {
    if (name === '.vite/manifest.json') continue;
    const other = b.get(name);
    if (other === undefined) problems.push(`only before: ${name}`);
    else if (other !== content) problems.push(`differs: ${name}`);
  }
  for (const name of b.keys()) if (!a.has(name) && name !== '.vite/manifest.json') problems.push(`only after: ${name}`);
  return problems;
}

if (process.argv[1] === import.meta.filename) {
  const [before, after] = process.argv.slice(2);
  if (!before || !after) {
    console.error('usage: tsx tooling/build/compare-builds.ts <before/dist/client> <after/dist/client>');
    process.exit(2);
  }
  const problems = compareBuilds(before, after);
  for (const line of problems) console.log(line);
  console.log(problems.length === 0 ? `same pages: ${after} matches ${before} (asset hashes aside)` : `${problems.length} differences`);
  process.exit(problems.length === 0 ? 0 : 1);
}
