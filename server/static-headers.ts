import { basename, dirname, extname } from 'node:path';
import { COMPRESSIBLE } from './build-files';

/**
 * Caching and content negotiation of the built site's files (issue 15). Files under assets/ carry
 * a content hash in their names, so a browser keeps them for a year without asking again; every
 * other file (pages, favicon, sitemap) is revalidated on each use (no-cache; the ETag and
 * Last-Modified that @fastify/static sends make that a 304 when nothing changed). A text file is
 * sent as its precompressed .br or .gz when the browser accepts one, so its answer varies with
 * Accept-Encoding and says so, for every cache on the way.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * The files come from whichever release the static directory leads to (release.ts), so a hashed
 * file is known by its folder: Vite writes them all directly under assets/.
 */
export function staticHeaders() {
  return (res: { setHeader(name: string, value: string): unknown }, path: string) => {
    const hashed = basename(dirname(path)) === 'assets' && !/\.html(\.(br|gz))?$/.test(path);
    res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
    const original = path.replace(PRECOMPRESSED, '');
    if (original !== path || COMPRESSIBLE.has(extname(original))) res.setHeader('Vary', 'Accept-Encoding');
  };
}
