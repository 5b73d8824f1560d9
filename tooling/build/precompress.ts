import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE } from '../../server/build-files';

/**
 * Compresses the built site once, at build time: beside every text file (pages, scripts, styles,
 * SVG, sitemap) a `.br` (brotli, best quality) and a `.gz` (gzip, level 9) that the server sends
 * as they are (@fastify/static `preCompressed`). Compressing on every request cost the server most
 * of its throughput and hundreds of MB of memory (issue 15). prerender.ts runs it last, once every
 * file of the site is written.
 */
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Compressed {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

/** Every compressible file under `dir` (dot folders such as .vite are not served, so skipped). */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.slice(dir.length).split(/[\\/]/).some((part) => part.startsWith('.')));
}

/**
 * Writes `<file>.br` and `<file>.gz` for each compressible file under `dir` (or those of `listed`,
 * listed before: the build compresses its bundle's files while it writes the pages); returns their sizes.
 */
export async function precompress(dir: string, listed?: readonly string[]): Promise<Compressed[]> {
  const files = listed ?? (await compressibleFiles(dir));
  const done: Compressed[] = [];
  // A few at a time: brotli at quality 11 is CPU-bound, and the build machine may be small. The
  // largest first: one script's brotli is seconds of one core, and the build renders its pages meanwhile.
  const sizes = new Map(await Promise.all(files.map(async (file) => [file, (await stat(file)).size] as const)));
  const queue = [...files].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      done.push({ file, bytes: content.length, br: br.length, gz: gz.length });
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  return done.sort((a, b) => a.file.localeCompare(b.file));
}

/** One line for the build's log. */
export function summary(dir: string, done: readonly Compressed[]): string {
  const total = (key: 'bytes' | 'br' | 'gz') => Math.round(done.reduce((sum, item) => sum + item[key], 0) / 1024);
  return `precompressed ${done.length} files in ${dir}: ${total('bytes')} kB -> brotli ${total('br')} kB, gzip ${total('gz')} kB`;
}
