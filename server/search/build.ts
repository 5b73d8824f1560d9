import { closeSync, openSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pagePathOf } from '../built-html';
import { startThread } from '../thread-script';
import { HTML_MANIFEST } from '../html-manifest';
import { layOut, wordCounter, type CountedWords, type InvertedIndex } from './inverted';
import { readPageBytes, readSearchText, searchTextFile, type IndexedPage } from './text';

/**
 * Building the index at a first start (issue 35: 100,000 pages, 20 s): the pages are split into as
 * many runs as there are cores (at most MAX_PARTS); each run is read, parsed and its words counted
 * on a thread of its own (build-worker.ts; the first run on this one), then the runs are laid out
 * into one index, in page order, so the result is the same whatever the number of runs. The pages'
 * text comes back as UTF-8 bytes, which is what the saved file holds (binary.ts).
 */
export const MAX_PARTS = 4;

/** A run of pages as a thread built it. */
export interface BuiltPart {
  counted: CountedWords;
  /** Path, type and title of each page kept (a draft, or a file without <main>, is none), one after another. */
  heads: string[];
  /** The pages' text in UTF-8, one after another, and where each ends. */
  bodies: Buffer;
  bodyEnd: Uint32Array;
}

/** The index and its pages' text as the saved file holds it. */
export interface BuiltIndex {
  index: InvertedIndex;
  bodies: Buffer[];
  /** Where each page's text ends in `bodies`, counted across them, in bytes. */
  bodyEnd: Uint32Array;
}

/** Reads and parses the pages of `pageFiles` (relative to `staticDir`), in their order. */
export function readPages(staticDir: string, pageFiles: readonly string[]): IndexedPage[] {
  return pageFiles.flatMap((file) => readPageFile(staticDir, file) ?? []);
}

function readPageFile(staticDir: string, file: string): IndexedPage | null {
  return readPageBytes(pagePathOf(file), readListed(staticDir, file));
}

/** A file the build's record lists, in fileBuffer. */
function readListed(staticDir: string, file: string): Buffer {
  try {
    return readBytes(join(staticDir, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(`${HTML_MANIFEST} lists ${file}, which is not in ${staticDir}: the site was changed after it was built; build it again (npm run build) or delete ${HTML_MANIFEST}`);
  }
}

/**
 * A page and its body's UTF-8 bytes: from the search text the build wrote beside its HTML when the
 * build's record says it did (`searchText`), else read from the HTML.
 */
function readIndexedPage(staticDir: string, file: string, searchText: boolean): { page: IndexedPage; bodyBytes?: Buffer } | null {
  if (searchText) return readSearchText(pagePathOf(file), readListed(staticDir, searchTextFile(file)));
  const page = readPageFile(staticDir, file);
  return page && { page };
}

/** One buffer per thread for every file it reads (issue 47: 100,000 files at a first start): the page is read from it before the next file is. */
let fileBuffer = Buffer.allocUnsafe(1 << 16);

/** The file's bytes, in fileBuffer (valid until the next call). */
function readBytes(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    let size = 0;
    for (;;) {
      if (size === fileBuffer.length) {
        const bigger = Buffer.allocUnsafe(fileBuffer.length * 2);
        fileBuffer.copy(bigger, 0, 0, size);
        fileBuffer = bigger;
      }
      const read = readSync(fd, fileBuffer, size, fileBuffer.length - size, null);
      if (read === 0) return fileBuffer.subarray(0, size);
      size += read;
    }
  } finally {
    closeSync(fd);
  }
}

/** A run of pages read, parsed and counted one page at a time: only its words' counts and its text's bytes stay. */
export function buildPart(staticDir: string, pageFiles: readonly string[], searchText = false): BuiltPart {
  const counter = wordCounter();
  const heads: string[] = [];
  const bodyEnd: number[] = [];
  let bodies = Buffer.allocUnsafe(1 << 20);
  let used = 0;
  for (const file of pageFiles) {
    const read = readIndexedPage(staticDir, file, searchText);
    if (!read) continue;
    const { page, bodyBytes } = read;
    counter.add(page);
    heads.push(page.path, page.type, page.title);
    const bytes = bodyBytes?.length ?? Buffer.byteLength(page.body, 'utf8');
    if (used + bytes > bodies.length) {
      const bigger = Buffer.allocUnsafe(Math.max(bodies.length * 2, used + bytes));
      bodies.copy(bigger, 0, 0, used);
      bodies = bigger;
    }
    used += bodyBytes ? bodyBytes.copy(bodies, used) : bodies.write(page.body, used, 'utf8');
    bodyEnd.push(used);
  }
  // A buffer of its own, exactly the text: a thread hands it over without a copy.
  const text = Buffer.from(new ArrayBuffer(used));
  bodies.copy(text, 0, 0, used);
  return { counted: counter.counted(), heads, bodies: text, bodyEnd: Uint32Array.from(bodyEnd) };
}

/** A thread costs tens of milliseconds to start: a run of fewer pages is not worth one. */
const PAGES_PER_RUN = 1000;

/** The index of the pages in `staticDir`, built in `runs` runs side by side. */
export async function buildFromFiles(
  staticDir: string,
  pageFiles: readonly string[],
  runs = Math.max(1, Math.min(MAX_PARTS, availableParallelism(), Math.ceil(pageFiles.length / PAGES_PER_RUN))),
  searchText = false,
): Promise<BuiltIndex> {
  const size = Math.ceil(pageFiles.length / runs);
  const slices = Array.from({ length: runs }, (_, r) => pageFiles.slice(r * size, (r + 1) * size));
  const others = slices.slice(1).map((slice) => inWorker(staticDir, slice, searchText));
  // This thread builds the first run meanwhile; a failed run fails the build once all have ended.
  const built = await Promise.allSettled([Promise.resolve().then(() => buildPart(staticDir, slices[0] ?? [], searchText)), ...others]);
  const failed = built.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return merge(built.map((result) => (result as PromiseFulfilledResult<BuiltPart>).value));
}

function merge(parts: readonly BuiltPart[]): BuiltIndex {
  const pages: IndexedPage[] = [];
  const bodyEnd = new Uint32Array(parts.reduce((sum, part) => sum + part.bodyEnd.length, 0));
  let before = 0;
  for (const part of parts) {
    const { heads, bodies } = part;
    part.bodyEnd.forEach((end, p) => {
      const start = p > 0 ? (part.bodyEnd[p - 1] as number) : 0;
      pages.push({
        path: heads[3 * p] as string,
        type: heads[3 * p + 1] as string,
        title: heads[3 * p + 2] as string,
        get body() {
          return bodies.toString('utf8', start, end);
        },
      });
      bodyEnd[pages.length - 1] = before + end;
    });
    before += part.bodies.length;
  }
  return { index: layOut(pages, parts.map((part) => part.counted)), bodies: parts.map((part) => part.bodies), bodyEnd };
}

function inWorker(staticDir: string, pageFiles: readonly string[], searchText: boolean): Promise<BuiltPart> {
  return new Promise((done, fail) => {
    // Compiled: search-build-worker.js beside dist/server/main.js.
    const worker = startThread(import.meta.url, './build-worker.ts', './search-build-worker.js', { workerData: { staticDir, pageFiles, searchText } });
    let result: BuiltPart | undefined;
    worker.once('message', (part: BuiltPart) => {
      // Structured clone hands the bytes over as a Uint8Array; the readers want a Buffer.
      result = { ...part, bodies: Buffer.from(part.bodies.buffer, part.bodies.byteOffset, part.bodies.byteLength) };
    });
    worker.once('error', fail);
    worker.once('exit', (code) => (result ? done(result) : fail(new Error(`a search index build thread stopped (exit ${code}) before it answered`))));
  });
}
