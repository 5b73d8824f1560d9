import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readBuiltHtml, type BuiltHtml } from '../built-html';
import { decodeIndex, encodeIndex } from './binary';
import { buildIndex, type InvertedIndex } from './inverted';
import { readPage } from './text';

/**
 * The search index is built from the built pages once per build, not at every start: it is saved
 * in DATA_DIR/search-index/<hash>.idx (one binary file: binary.ts), keyed by a hash of the pages' HTML (and of this format), so
 * a restart with an unchanged build loads it (issue 15: start <= 2 s at 10,000 pages) and a new
 * build, which changes the hash, rebuilds it. Each server instance keeps its own copy.
 */
export const INDEX_DIR = 'search-index';
/** Bump when InvertedIndex or the page reader changes: old files are then rebuilt, never misread. */
const FORMAT = 'inverted-3';
/** The saved file's name ends so. */
export const INDEX_SUFFIX = '.idx';

export interface LoadedIndex {
  index: InvertedIndex;
  hash: string;
  /** Whether it was read from DATA_DIR (true) or built from the pages (false). */
  reused: boolean;
  ms: number;
}

/** The prerendered pages (index.html files; the 404 page is not content), in path order. */
function builtPageFiles(html: readonly BuiltHtml[]): Array<{ path: string; bytes: Buffer }> {
  return html.filter((built) => /(^|\/)index\.html$/.test(built.file)).map((built) => ({ path: `/${built.file.slice(0, -'index.html'.length)}`, bytes: built.bytes }));
}

export function hashPages(files: ReadonlyArray<{ path: string; bytes: Buffer }>): string {
  const hash = createHash('sha256').update(FORMAT);
  for (const file of files) hash.update(`\0${file.path}\0`).update(file.bytes);
  return hash.digest('hex').slice(0, 32);
}

/** The index of the pages in `staticDir`: the saved one when the pages are unchanged, else built and saved. */
export async function loadOrBuildIndex(
  staticDir: string,
  dataDir: string,
  warn: (message: string) => void = console.warn,
  html: readonly BuiltHtml[] = readBuiltHtml(staticDir),
): Promise<LoadedIndex> {
  const started = performance.now();
  const files = builtPageFiles(html);
  const hash = hashPages(files);
  const dir = join(dataDir, INDEX_DIR);
  const file = join(dir, `${hash}${INDEX_SUFFIX}`);
  let saved: Buffer | undefined;
  try {
    saved = readFileSync(file); // one read of the whole file: no thread-pool round trips
  } catch {
    saved = undefined; // none yet for this build
  }
  if (saved) {
    const index = decodeIndex(saved);
    if (!(index instanceof Error)) return { index, hash, reused: true, ms: performance.now() - started };
    warn(`search index ${file} could not be read (${index.message}); rebuilding it`);
  }
  const index = buildIndex(files.flatMap((page) => readPage(page.path, page.bytes.toString('utf8')) ?? []));
  try {
    await mkdir(dir, { recursive: true });
    // Written beside and renamed, so another instance never reads half a file; older builds' files go.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, encodeIndex(index));
    await rename(partial, file);
    for (const old of await readdir(dir)) if (old !== `${hash}${INDEX_SUFFIX}` && !old.endsWith('.partial')) await rm(join(dir, old), { force: true });
  } catch (error) {
    // The site still searches; the next start builds the index again.
    warn(`search index could not be saved in ${dir} (${String(error)})`);
  }
  return { index, hash, reused: false, ms: performance.now() - started };
}
