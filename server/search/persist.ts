import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { buildIndex, type InvertedIndex } from './inverted';
import { readPage } from './text';

/**
 * The search index is built from the built pages once per build, not at every start: it is saved
 * in DATA_DIR/search-index/<hash>.v8, keyed by a hash of the pages' HTML (and of this format), so
 * a restart with an unchanged build loads it (issue 15: start <= 2 s at 10,000 pages) and a new
 * build, which changes the hash, rebuilds it. Each server instance keeps its own copy.
 */
export const INDEX_DIR = 'search-index';
/** Bump when InvertedIndex or the page reader changes: old files are then rebuilt, never misread. */
const FORMAT = 'inverted-1';

export interface LoadedIndex {
  index: InvertedIndex;
  hash: string;
  /** Whether it was read from DATA_DIR (true) or built from the pages (false). */
  reused: boolean;
  ms: number;
}

/**
 * The prerendered pages under `staticDir` (index.html files; the 404 page is not content), in path
 * order. Read synchronously: this runs once before the server listens, and 10,000 small files read
 * one by one through the thread pool took seconds where plain reads take a fraction of one.
 */
function builtPageFiles(staticDir: string): Array<{ path: string; html: string }> {
  let files: string[];
  try {
    files = readdirSync(staticDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return []; // no build yet: an empty index
  }
  return files
    .filter((name) => name.endsWith('index.html'))
    .sort()
    .map((file) => {
      const rel = relative(staticDir, join(staticDir, file)).split(sep).join('/');
      return { path: `/${rel.slice(0, -'index.html'.length)}`, html: readFileSync(join(staticDir, file), 'utf8') };
    });
}

export function hashPages(files: ReadonlyArray<{ path: string; html: string }>): string {
  const hash = createHash('sha256').update(FORMAT);
  for (const file of files) hash.update(`\0${file.path}\0`).update(file.html);
  return hash.digest('hex').slice(0, 32);
}

/** The index of the pages in `staticDir`: the saved one when the pages are unchanged, else built and saved. */
export async function loadOrBuildIndex(staticDir: string, dataDir: string, warn: (message: string) => void = console.warn): Promise<LoadedIndex> {
  const started = performance.now();
  const files = builtPageFiles(staticDir);
  const hash = hashPages(files);
  const dir = join(dataDir, INDEX_DIR);
  const file = join(dir, `${hash}.v8`);
  const saved = await readFile(file).catch(() => undefined);
  if (saved) {
    try {
      const index: unknown = deserialize(saved);
      if (isIndex(index)) return { index, hash, reused: true, ms: performance.now() - started };
      warn(`search index ${file} is not an index; rebuilding it`);
    } catch (error) {
      warn(`search index ${file} could not be read (${String(error)}); rebuilding it`);
    }
  }
  const index = buildIndex(files.flatMap((page) => readPage(page.path, page.html) ?? []));
  try {
    await mkdir(dir, { recursive: true });
    // Written beside and renamed, so another instance never reads half a file; older builds' files go.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, serialize(index));
    await rename(partial, file);
    for (const old of await readdir(dir)) if (old !== `${hash}.v8` && !old.endsWith('.partial')) await rm(join(dir, old), { force: true });
  } catch (error) {
    // The site still searches; the next start builds the index again.
    warn(`search index could not be saved in ${dir} (${String(error)})`);
  }
  return { index, hash, reused: false, ms: performance.now() - started };
}

/** Enough of a check that a file of another shape is rebuilt rather than trusted. */
function isIndex(value: unknown): value is InvertedIndex {
  if (typeof value !== 'object' || value === null) return false;
  const index = value as Partial<InvertedIndex>;
  return (
    Array.isArray(index.pages) &&
    Array.isArray(index.vocabulary) &&
    index.offsets instanceof Uint32Array &&
    index.offsets.length === index.vocabulary.length + 1 &&
    index.postingPage instanceof Uint32Array &&
    index.postingFreq instanceof Uint32Array &&
    index.pageLength instanceof Uint32Array &&
    index.pageLength.length === index.pages.length &&
    typeof index.averageLength === 'number'
  );
}
