import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type SiteServer } from '../app';
import { cspHash } from './inline-scripts';
import { allowedOriginsFromEnv, judgePost, refusalMessage } from './cross-site';
import { HSTS_MAX_AGE_S, PERMISSIONS_POLICY, cspDirectives, registerSecurityHeaders } from './headers';

/**
 * Issue 17 over real HTTP against the real app (buildServer) on a small built site: headers on
 * pages and API answers, cross-site posts, the redirect guard, every 4xx message, file modes.
 */
const PROVIDER = 'http://127.0.0.1:5999';
const INLINE = 'document.documentElement.classList.add("sc-flags")';

let dir: string;
let server: SiteServer;
let base: string;

function site(root: string) {
  const page = (body: string) => `<!DOCTYPE html><html><head><script>${INLINE}</script><script type="application/json" data-island-content="">{"a":1}</script></head><body>${body}</body></html>`;
  mkdirSync(join(root, 'dosing'), { recursive: true });
  writeFileSync(join(root, 'index.html'), page('<h1>Home</h1>'));
  writeFileSync(join(root, 'dosing', 'index.html'), page('<h1>Dosing</h1>'));
  writeFileSync(join(root, '404.html'), page('<h1>Not found</h1>'));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitecharts-sec-'));
  site(join(dir, 'site'));
  // Issue 17: whatever the umask, the data stays private. 000 is the worst case.
  const umask = process.umask(0);
  try {
    server = await buildServer(
      { host: '127.0.0.1', port: 0, dataDir: join(dir, 'data'), staticDir: join(dir, 'site'), logger: false },
      { providerUrl: PROVIDER, actions: { echo: (body) => `<p>${String(body.word ?? '').replace(/</g, '&lt;')}</p>` } },
    );
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    // A write, so SQLite has its -wal and -shm files beside site.db.
    server.store.prepare("INSERT INTO newsletter_subscriber (email, client) VALUES ('a@example.org', 'test')").run();
  } finally {
    process.umask(umask);
  }
});

afterAll(async () => {
  await server?.app.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body, redirect: 'manual' });

/** A raw HTTP/1.1 exchange, for requests fetch() normalises away (dot segments, bad framing). */
function raw(request: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    // Written, not ended: the server closes after its answer (Connection: close).
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const csp = (response: Response) =>
  new Map((response.headers.get('content-security-policy') ?? '').split(';').map((part) => {
    const [name = '', ...values] = part.trim().split(/\s+/);
    return [name, values] as const;
  }));

describe('security headers (issue 17)', () => {
  it.each([
    ['a page', 'GET', '/'],
    ['the ajax endpoint', 'POST', '/ajax'],
    ['a 404', 'GET', '/no-such-page/'],
    ['/healthz', 'GET', '/healthz'],
    ['/site-config.json', 'GET', '/site-config.json'],
  ])('%s carries the CSP and every other header', async (_name, method, path) => {
    const response = await fetch(`${base}${path}`, { method, ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=echo&word=hi' } : {}) });
    const policy = csp(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toContain("'self'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toContain(PROVIDER);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    // Served over plain http: no HSTS (a browser ignores it there, and a dev box must not be pinned).
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('allows exactly the inline scripts of the built HTML, by hash; JSON islands are not scripts', async () => {
    const scripts = csp(await fetch(`${base}/dosing/`)).get('script-src') ?? [];
    expect(scripts).toContain(cspHash(INLINE));
    expect(scripts).not.toContain(cspHash('{"a":1}'));
    expect(scripts.filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);
  });

  it('over https (as a trusted proxy reports it) adds HSTS and upgrade-insecure-requests', async () => {
    const app = Fastify({ trustProxy: true });
    await registerSecurityHeaders(app, { staticDir: join(dir, 'site'), providerUrl: PROVIDER });
    app.get('/', async () => 'ok');
    const https = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_S}`);
    expect(String(https.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const http = await app.inject({ url: '/' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });
});

describe('cross-site posts (issue 17)', () => {
  it.each([
    ['a cross-site form post', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 'https://evil.example'],
    ['a sibling subdomain', { origin: 'https://shop.evil.example', 'sec-fetch-site': 'same-site' }, 'https://shop.evil.example'],
    ['an older browser without Sec-Fetch-Site', { origin: 'https://evil.example' }, 'https://evil.example'],
    ['a sandboxed frame (Origin: null)', { origin: 'null', 'sec-fetch-site': 'cross-site' }, 'a page that does not give its address'],
  ])('%s is refused with 403 and a clear message', async (_name, headers, from) => {
    const response = await post('/forms/newsletter', 'email=victim%40example.org', headers);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(refusalMessage(from));
    expect(server.store.prepare("SELECT COUNT(*) AS n FROM newsletter_subscriber WHERE email = 'victim@example.org'").get()).toEqual({ n: 0 });
    expect((await post('/ajax', 'action=echo&word=hi', headers)).status).toBe(403);
  });

  const SELF = 'the site itself';
  it.each([
    ['the site’s own page (fetch)', { origin: SELF, 'sec-fetch-site': 'same-origin', 'x-requested-with': 'fetch' }],
    ['the site’s own form with JS off', { origin: SELF, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' }],
    ['an older browser on the site itself', { origin: SELF }],
    ['a client that is no browser (no Origin)', {}],
  ])('%s is accepted', async (name, headers: Record<string, string>) => {
    const sent = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, value === SELF ? base : value]));
    const email = `own-${name.length}-${Object.keys(sent).length}@example.org`;
    const response = await post('/forms/newsletter', `email=${encodeURIComponent(email)}`, sent);
    expect(response.status).toBe(200);
    expect(server.store.prepare('SELECT COUNT(*) AS n FROM newsletter_subscriber WHERE email = ?').get(email)).toEqual({ n: 1 });
  });
});

describe('ALLOWED_ORIGINS: a site behind another domain (issue 17)', () => {
  it('lists origins whose pages may post; a value that is not an origin is dropped with one warning', () => {
    const warnings: string[] = [];
    const allowed = allowedOriginsFromEnv({ ALLOWED_ORIGINS: ' https://www.harbourlight.example/ , shop.example, https://shop.harbourlight.example' }, (m) => warnings.push(m));
    expect([...allowed]).toEqual(['https://www.harbourlight.example', 'https://shop.harbourlight.example']);
    expect(warnings).toEqual(["ALLOWED_ORIGINS: 'shop.example' is not an http(s) origin such as https://www.example.org; ignored."]);
    const own = 'http://127.0.0.1:4173';
    // The public address behind a proxy that rewrites Host, seen by an older browser (no Sec-Fetch-Site).
    expect(judgePost({ own, origin: 'https://www.harbourlight.example', fetchSite: undefined, allowed })).toEqual({ ok: true });
    // A sibling site that embeds the newsletter form.
    expect(judgePost({ own, origin: 'https://shop.harbourlight.example', fetchSite: 'same-site', allowed })).toEqual({ ok: true });
    expect(judgePost({ own, origin: 'https://evil.example', fetchSite: 'cross-site', allowed })).toEqual({ ok: false, from: 'https://evil.example' });
  });
});

describe('npm run dev (issue 17)', () => {
  it('only the dev server lets Vite’s inline preamble and HMR socket through', () => {
    const served = cspDirectives({ providerUrl: null, scriptHashes: [], https: false });
    const dev = cspDirectives({ providerUrl: null, scriptHashes: [], https: false, development: true });
    expect(served['script-src']).not.toContain("'unsafe-inline'");
    expect(served['connect-src']).toEqual(["'self'"]);
    expect(dev['script-src']).toContain("'unsafe-inline'");
    expect(dev['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
  });
});

describe('redirects stay on the site (issue 17)', () => {
  it('GET /.//evil.example/..%2fdosing is not redirected to another host', async () => {
    const answer = await raw('GET /.//evil.example/..%2fdosing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer.toLowerCase()).not.toContain('location:');
    expect(answer).toContain('Nothing at GET /.//evil.example/..%2fdosing');
  });

  it.each(['//evil.example/dosing', '/\\evil.example/dosing', '/./\\evil.example/dosing'])('%s never answers a Location off the site', async (path) => {
    const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 [34]\d\d /);
    const location = /\r\nlocation: ([^\r]*)/i.exec(answer)?.[1];
    if (location !== undefined) expect(location).toMatch(/^\/(?![/\\])/);
  });

  it('a directory without its slash still redirects on the site; the donate checkout goes to the provider only', async () => {
    const dosing = await fetch(`${base}/dosing`, { redirect: 'manual' });
    expect([dosing.status, dosing.headers.get('location')]).toEqual([301, '/dosing/']);
    const checkout = await fetch(`${base}/donate/checkout?hosted_button_id=X&baseUrl=https://evil.example`, { redirect: 'manual' });
    expect(checkout.status).toBe(302);
    expect(new URL(checkout.headers.get('location') ?? '').origin).toBe(PROVIDER);
  });
});

describe('every 4xx is the product’s own message (issue 17)', () => {
  const unreadable = (type: string) =>
    `This request was sent with ${type}, which this site does not read. Send the fields url-encoded (application/x-www-form-urlencoded), as a normal form post does.`;
  const multipart = () => {
    const form = new FormData();
    form.set('action', 'echo');
    return fetch(`${base}/ajax`, { method: 'POST', body: form });
  };

  it.each([
    ['multipart', multipart, 415, unreadable("the content type 'multipart/form-data'")],
    ['*/*', () => post('/ajax', 'action=echo', { 'content-type': '*/*' }), 415, unreadable("the content type '*/*'")],
    ['octet-stream', () => post('/forms/contact', 'name=a', { 'content-type': 'application/octet-stream' }), 415, unreadable("the content type 'application/octet-stream'")],
    ['JSON', () => post('/ajax', '{"action":"echo"}', { 'content-type': 'application/json' }), 415, unreadable("the content type 'application/json'")],
    ['no content type', () => fetch(`${base}/ajax`, { method: 'POST', body: new Uint8Array([97, 61, 98]) }), 415, unreadable('no content type')],
    ['a repeated action field', () => post('/ajax', 'action=echo&action=echo'), 400, 'The action field was sent 2 times; send it once.'],
    ['a bad percent-encoding', () => fetch(`${base}/%ff`), 400, "The address '/%ff' has a broken %-escape (a % must be followed by two hexadecimal digits of valid UTF-8). Check the link and try again."],
    ['a NUL in the path', () => fetch(`${base}/%00`), 400, 'The request for /%00 could not be read. Check the address and try again.'],
    ['too large a body', () => post('/ajax', `action=echo&word=${'x'.repeat(300 * 1024)}`), 413, 'The request is too large: this site reads at most 256 KB at once.'],
  ])('%s', async (_name, send, status, message) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toBe(message);
    expect(text).not.toMatch(/FST_|"statusCode"/);
    // Even an answer made before routing carries the headers.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('a path that climbs out of the site gets a sentence, not the static plugin’s bare "Forbidden"', async () => {
    const answer = await raw('GET /../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toMatch(/\r\n\r\nThe address \/\.\.\/etc\/passwd points outside the site; there is nothing to open there\.$/);
  });

  it('HTTP Node cannot parse (a Content-Length longer than the body) gets a plain sentence, not JSON', async () => {
    const answer = await raw('POST /ajax HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('The request could not be read: its HTTP framing (such as Content-Length) is malformed. Send it again.');
    expect(answer).not.toContain('{"error"');
  });
});

describe('private data files (issue 17)', () => {
  it('DATA_DIR is 0700 and site.db, its -wal and -shm and the captcha secret are 0600, created under umask 000', () => {
    const data = join(dir, 'data');
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(data)).toBe('700');
    for (const file of ['site.db', 'site.db-wal', 'site.db-shm', 'captcha-secret']) expect([file, mode(join(data, file))]).toEqual([file, '600']);
  });

  it('files an older version left readable are narrowed on the next start', async () => {
    const data = join(dir, 'old-data');
    mkdirSync(data, { mode: 0o755 });
    writeFileSync(join(data, 'captcha-secret'), 'an-old-secret-0123456789', { mode: 0o644 });
    const old = await buildServer({ host: '127.0.0.1', port: 0, dataDir: data, staticDir: join(dir, 'site'), logger: false });
    await old.app.close();
    expect((statSync(data).mode & 0o777).toString(8)).toBe('700');
    expect((statSync(join(data, 'captcha-secret')).mode & 0o777).toString(8)).toBe('600');
    expect((statSync(join(data, 'site.db')).mode & 0o777).toString(8)).toBe('600');
  });
});
