import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../tests/support/server-parts';
import { buildServer, type SiteServer } from './app';
import { IMMUTABLE, REVALIDATE } from './static-headers';

/**
 * Issue 15: the built site is compressed once at build (brotli and gzip beside each text file) and
 * served as it is, with Vary and the right caching; the bytes on the wire are the files' bytes.
 */
let server: SiteServer;
let base: string;
let root: string;
let site: string;

const page = `<!DOCTYPE html><html><head><title>Home</title></head><body><main><h1>Welcome</h1>${'<p>Nurses visit every day of the year.</p>'.repeat(60)}</main></body></html>`;
const script = `export function greet(name){return 'Hello, '+name+'!'}\n${'console.log(greet("harbour"));\n'.repeat(200)}`;
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A GET with the browser's headers, the body as the bytes on the wire (never decompressed). */
function fetchRaw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    get(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).once('error', fail);
  });
}

const SECRET = 'DATABASE_URL=postgres://owner:hunter2@db/harbourlight';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sitecharts-static-'));
  site = join(root, 'client');
  mkdirSync(join(site, 'assets'), { recursive: true });
  mkdirSync(join(site, 'images'), { recursive: true });
  writeFileSync(join(site, 'index.html'), page);
  writeFileSync(join(site, 'assets/app-Ab12Cd34.js'), script);
  writeFileSync(join(site, 'images/dot.png'), png);
  // Issue 49.8: what a deploy may leave in the static folder under a dot name.
  mkdirSync(join(site, '.git'), { recursive: true });
  mkdirSync(join(site, '.private/inner'), { recursive: true });
  mkdirSync(join(site, 'images/.cache'), { recursive: true });
  writeFileSync(join(site, '.git/config'), SECRET);
  writeFileSync(join(site, '.private/index.html'), SECRET);
  writeFileSync(join(site, '.private/inner/notes.txt'), SECRET);
  writeFileSync(join(site, 'images/.cache/dot.png'), SECRET);
  writeFileSync(join(site, '.env'), SECRET);
  // Issue 47: the search text the build writes beside each page (server/search/text.ts).
  writeFileSync(join(site, '.index.search'), SECRET);
  await precompress(site);
  server = await buildServer({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), staticDir: site, logger: false });
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await server?.app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('precompressed static files (issue 15)', () => {
  it('the build writes a .br and a .gz beside each text file, and none beside an image', () => {
    for (const file of ['index.html', 'assets/app-Ab12Cd34.js']) {
      const original = readFileSync(join(site, file));
      expect(brotliDecompressSync(readFileSync(join(site, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(site, `${file}.gz`)))).toEqual(original);
      expect(readFileSync(join(site, `${file}.br`)).length).toBeLessThan(original.length / 4);
    }
    expect(existsSync(join(site, 'images/dot.png.br'))).toBe(false);
  });

  it('a page goes out as the .br file, varies with Accept-Encoding, and is revalidated', async () => {
    const response = await fetchRaw('/', BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toEqual(readFileSync(join(site, 'index.html.br')));
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe(REVALIDATE);
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['last-modified']).toBeTruthy();

    // Revalidation: an unchanged page is a 304 with no body.
    const again = await fetchRaw('/', { ...BROWSER, 'if-none-match': String(response.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('a hashed asset goes out as the .gz file to a gzip-only client and is cached for a year', async () => {
    const response = await fetchRaw('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.body).toEqual(readFileSync(join(site, 'assets/app-Ab12Cd34.js.gz')));
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('a client that accepts no compression gets the file itself, still with Vary', async () => {
    const response = await fetchRaw('/assets/app-Ab12Cd34.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(script);
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('an image is sent as it is, without Vary, revalidated outside assets/', async () => {
    const response = await fetchRaw('/images/dot.png', BROWSER);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toEqual(png);
    expect(response.headers.vary).toBeUndefined();
    expect(response.headers['cache-control']).toBe(REVALIDATE);
  });
});

describe('hashed assets from memory (issue 15)', () => {
  it('an asset is answered from the bytes read at start, with the same headers as a file from disk, and revalidates to a 304', async () => {
    const first = await fetchRaw('/assets/app-Ab12Cd34.js', BROWSER);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.body).toEqual(readFileSync(join(site, 'assets/app-Ab12Cd34.js.br')));
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    // The security headers every answer carries are on these too.
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    const again = await fetchRaw('/assets/app-Ab12Cd34.js', { ...BROWSER, 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // A hashed name's bytes never change while the server runs: the answer no longer touches the disk.
    rmSync(join(site, 'assets/app-Ab12Cd34.js.br'));
    const fromMemory = await fetchRaw('/assets/app-Ab12Cd34.js', BROWSER);
    expect(fromMemory.status).toBe(200);
    expect(brotliDecompressSync(fromMemory.body).toString()).toBe(script);
  });

  it('a HEAD request gets the headers of the GET and no body', async () => {
    const head = await new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
      const req = request(`${base}/assets/app-Ab12Cd34.js`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      req.once('error', fail).end();
    });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(String(readFileSync(join(site, 'assets/app-Ab12Cd34.js.gz')).length));
    expect(head.body.length).toBe(0);
  });

  it('a range request still gets the part it asked for (from the file on disk)', async () => {
    const part = await fetchRaw('/assets/app-Ab12Cd34.js', { range: 'bytes=0-5' });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe(script.slice(0, 6));
  });
});

describe('dot names are never served (issue 49.8)', () => {
  it.each(['/.git/config', '/.private/', '/.private', '/.private/index.html', '/.private/inner/notes.txt', '/images/.cache/dot.png', '/.env', '/%2egit/config', '/.index.search'])(
    '%s is a 404 that shows nothing of the file',
    async (path) => {
      for (const headers of [BROWSER, { ...BROWSER, accept: 'text/html' }, {}]) {
        const answer = await fetchRaw(path, headers);
        expect([path, answer.status]).toEqual([path, 404]);
        expect(answer.headers.location).toBeUndefined();
        expect(answer.body.toString()).not.toContain('hunter2');
      }
    },
  );

  it('the files beside them are still served', async () => {
    expect((await fetchRaw('/images/dot.png')).status).toBe(200);
    expect((await fetchRaw('/')).status).toBe(200);
  });
});
