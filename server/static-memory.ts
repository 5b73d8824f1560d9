import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { IMMUTABLE } from './static-headers';

/**
 * The build's hashed assets (dist/client/assets/: scripts, styles, SVG) answered from memory
 * (issue 15). Their names carry their content's hash, so the bytes under a name never change
 * while the server runs: each file and its .br/.gz twins are read once at start, and an answer is
 * a map lookup and one write, with no stat, open, read or close per request. On a loaded 2-core
 * machine those four file-system calls were most of the React chunk's time and tail latency.
 * Everything else (pages, images, media, range requests) stays with @fastify/static, which
 * revalidates against the file on disk. The headers match what @fastify/static sends for the
 * same file (type, length, a weak ETag from size and mtime, Last-Modified, Vary, immutable
 * caching), so a browser sees no difference.
 */

/** Content types of what Vite writes under assets/; another kind of file is left to @fastify/static. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Decision: a site whose assets/ is larger than this keeps the rest on disk (the common case is ~5 MB with its twins). */
export const MEMORY_BUDGET_BYTES = 64 * 1024 * 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  etag: string;
}

export interface MemoryFile {
  type: string;
  lastModified: string;
  /** Identity always; br and gzip when the build wrote them. */
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
}

const etagOf = (size: number, mtimeMs: number) => `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;

function variant(file: string): Variant | undefined {
  try {
    const stat = statSync(file);
    return { body: readFileSync(file), etag: etagOf(stat.size, stat.mtimeMs) };
  } catch {
    return undefined;
  }
}

/** URL path -> file, for every servable file directly under `<staticDir>/assets`, within the budget. */
export function loadAssets(staticDir: string, budget = MEMORY_BUDGET_BYTES): Map<string, MemoryFile> {
  const files = new Map<string, MemoryFile>();
  const dir = join(staticDir, 'assets');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return files;
  }
  let used = 0;
  for (const name of names) {
    const type = TYPES[extname(name)];
    if (type === undefined || name.startsWith('.')) continue;
    const path = join(dir, name);
    const identity = variant(path);
    if (!identity) continue;
    const br = variant(`${path}.br`);
    const gzip = variant(`${path}.gz`);
    const size = identity.body.length + (br?.body.length ?? 0) + (gzip?.body.length ?? 0);
    if (used + size > budget) break;
    used += size;
    files.set(`/assets/${name}`, {
      type,
      lastModified: statSync(path).mtime.toUTCString(),
      variants: { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
    });
  }
  return files;
}

/** The codings an Accept-Encoding header allows (q > 0), best first as the server prefers them. */
export function negotiate(header: string | undefined): Encoding[] {
  const allowed = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (token && (q === undefined || Number(q.slice(2)) > 0)) allowed.add(token);
  }
  const wild = allowed.has('*');
  const order: Encoding[] = [];
  if (allowed.has('br') || wild) order.push('br');
  if (allowed.has('gzip') || wild) order.push('gzip');
  order.push('identity');
  return order;
}

/** Browsers send the same few Accept-Encoding strings: each is parsed once. */
const negotiated = new Map<string, Encoding[]>();
export function codingsFor(header: string | undefined): Encoding[] {
  const key = header ?? '';
  let found = negotiated.get(key);
  if (!found) {
    found = negotiate(header);
    if (negotiated.size < 256) negotiated.set(key, found);
  }
  return found;
}

function pick(file: MemoryFile, header: string | undefined): { encoding: Encoding; variant: Variant } {
  for (const encoding of codingsFor(header)) {
    const found = file.variants[encoding];
    if (found) return { encoding, variant: found };
  }
  return { encoding: 'identity', variant: file.variants.identity };
}

/** True when If-None-Match names this ETag (weak comparison, as @fastify/send does). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || `W/${trimmed}` === etag || trimmed === etag.slice(2);
  });
}

function answer(file: MemoryFile, request: FastifyRequest, reply: FastifyReply) {
  const { encoding, variant: chosen } = pick(file, request.headers['accept-encoding']);
  reply.header('Cache-Control', IMMUTABLE);
  reply.header('Vary', 'Accept-Encoding');
  reply.header('ETag', chosen.etag);
  reply.header('Last-Modified', file.lastModified);
  reply.header('Content-Type', file.type);
  if (notModified(request, chosen.etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(chosen.body);
}

/**
 * One GET route per asset (Fastify adds its HEAD), found by the router before @fastify/static's
 * catch-all; a request with a Range header goes to @fastify/static, which implements ranges. The
 * bytes are already compressed: @fastify/compress is told to leave these routes alone.
 */
export function registerMemoryAssets(app: FastifyInstance, staticDir: string): number {
  const files = loadAssets(staticDir);
  for (const [url, file] of files) {
    if (app.hasRoute({ method: 'GET', url })) continue;
    app.route({
      method: 'GET',
      url,
      compress: false,
      decompress: false,
      handler: (request, reply) => {
        if (request.headers.range !== undefined) return reply.sendFile(url.slice(1));
        return answer(file, request, reply);
      },
    });
  }
  return files.size;
}
