import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { builtHtmlSummary, type HtmlManifest } from '../html-manifest';
import { openIndexFile, writeIndexFile } from './binary';
import { buildFromFiles } from './build';
import type { InvertedIndex } from './inverted';

/**
 * The search index is built from the built pages once per build, not at every start: it is saved
 * in DATA_DIR/search-index/<hash>.idx (one binary file: binary.ts), keyed by the pages' fingerprint
 * (and this format), so a restart with an unchanged build loads it (issue 15: start <= 2 s at
 * 10,000 pages) and a new build, which changes the fingerprint, rebuilds it. Each server instance
 * keeps its own copy. Issue 35 (100,000 pages): the fingerprint and the list of pages come from the
 * build's record of its HTML (server/html-manifest.ts), so a restart reads neither the pages nor,
 * until an answer shows an excerpt, their saved text.
 */
export const INDEX_DIR = 'search-index';
/** Bump when InvertedIndex or the page reader changes: old files are then rebuilt, never misread. */
const FORMAT = 'inverted-5'; // 5: title counts per posting and title lengths, for the ranking (issue 47)
/** The saved file's name ends so. */
export const INDEX_SUFFIX = '.idx';

export interface LoadedIndex {
  index: InvertedIndex;
  hash: string;
  /** Whether it was read from DATA_DIR (true) or built from the pages (false). */
  reused: boolean;
  ms: number;
  /** Closes the saved file the pages' text is read from (when the index is replaced by a new build's). */
  close(): void;
}

/** The name the index of these pages is saved under. */
export function indexKey(pagesFingerprint: string): string {
  return createHash('sha256').update(FORMAT).update(pagesFingerprint).digest('hex').slice(0, 32);
}

/** The index of the pages in `staticDir`: the saved one when the pages are unchanged, else built and saved. */
export async function loadOrBuildIndex(
  staticDir: string,
  dataDir: string,
  warn: (message: string) => void = console.warn,
  html: HtmlManifest = builtHtmlSummary(staticDir, warn),
): Promise<LoadedIndex> {
  const started = performance.now();
  const hash = indexKey(html.pages);
  const dir = join(dataDir, INDEX_DIR);
  const file = join(dir, `${hash}${INDEX_SUFFIX}`);
  const saved = open(file);
  if (saved && !(saved instanceof Error)) return { ...saved, hash, reused: true, ms: performance.now() - started };
  if (saved instanceof Error) warn(`search index ${file} could not be read (${saved.message}); rebuilding it`);
  const built = await buildFromFiles(staticDir, html.pageFiles, undefined, html.searchText === true);
  try {
    await mkdir(dir, { recursive: true });
    // Written beside and renamed, so another instance never reads half a file; older builds' files go.
    const partial = `${file}.${process.pid}.partial`;
    writeIndexFile(partial, built.index, built);
    await rename(partial, file);
    for (const old of await readdir(dir)) if (old !== `${hash}${INDEX_SUFFIX}` && !old.endsWith('.partial')) await rm(join(dir, old), { force: true });
  } catch (error) {
    // The site still searches; the next start builds the index again.
    warn(`search index could not be saved in ${dir} (${String(error)})`);
    return { index: built.index, hash, reused: false, ms: performance.now() - started, close: () => undefined };
  }
  // Searched from the file, as after a restart: the pages' text leaves memory.
  const reopened = open(file);
  if (!reopened || reopened instanceof Error) return { index: built.index, hash, reused: false, ms: performance.now() - started, close: () => undefined };
  return { ...reopened, hash, reused: false, ms: performance.now() - started };
}

/** The saved index at `file`; undefined when there is none yet. */
function open(file: string) {
  try {
    return openIndexFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return error instanceof Error ? error : new Error(String(error));
  }
}
