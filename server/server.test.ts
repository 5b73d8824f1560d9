import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../tests/support/server-parts';
import { startSiteServer, type RunningServer } from '../tests/support/site-server';
import { selfSignedCertificate } from '../tests/support/tls';
import { buildServer, type SiteServer } from './app';
import { configFromEnv, DEFAULTS, publicAddress } from './config';
import { DB_FILE, migrate, openStore } from './store/db';
import { migrations } from './store/migrations';

const temp = () => mkdtempSync(join(tmpdir(), 'sitecharts-test-'));

describe('config', () => {
  it('has the embedded defaults: 127.0.0.1:4173, ./data', () => {
    const config = configFromEnv({}, '/srv/site');
    expect(config).toMatchObject({ host: DEFAULTS.host, port: 4173, dataDir: '/srv/site/data', staticDir: '/srv/site/dist/client' });
  });

  it('reads HOST, PORT and DATA_DIR', () => {
    expect(configFromEnv({ HOST: '0.0.0.0', PORT: '8080', DATA_DIR: '/var/lib/site' }, '/srv')).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/var/lib/site',
    });
  });

  it.each(['http', '-1', '70000', '1.5'])('rejects PORT=%s with a clear message', (port) => {
    expect(() => configFromEnv({ PORT: port })).toThrow(/PORT must be a whole number from 0 to 65535/);
  });

  it('TLS_CERT and TLS_KEY: both, resolved from the working folder, or neither; one alone stops the start', () => {
    expect(configFromEnv({}, '/srv').tls).toBeUndefined();
    expect(configFromEnv({ TLS_CERT: 'tls/cert.pem', TLS_KEY: '/etc/site/key.pem' }, '/srv').tls).toEqual({ cert: '/srv/tls/cert.pem', key: '/etc/site/key.pem' });
    expect(() => configFromEnv({ TLS_CERT: '/etc/site/cert.pem' })).toThrow("TLS_CERT and TLS_KEY go together: TLS_CERT is set, TLS_KEY is not");
    expect(() => configFromEnv({ TLS_KEY: '/etc/site/key.pem', TLS_CERT: ' ' })).toThrow("TLS_CERT and TLS_KEY go together: TLS_KEY is set, TLS_CERT is not");
  });

  it('the published address is https when the server speaks it (TLS_CERT) and SITE_URL is unset', () => {
    expect(publicAddress({ PORT: '8443', TLS_CERT: 'cert.pem', TLS_KEY: 'key.pem' })).toEqual({ url: 'https://127.0.0.1:8443', from: 'HOST and PORT' });
    expect(publicAddress({ PORT: '8080' })).toEqual({ url: 'http://127.0.0.1:8080', from: 'HOST and PORT' });
  });

  it('a SITE_URL that is not an address is refused with an example that suits any site, not the demo’s domain (issue 48)', () => {
    for (const given of ['www.mossbank.org', 'ftp://mossbank.org', 'https://mossbank.org/?a=1']) {
      expect(() => publicAddress({ SITE_URL: given })).toThrow(`SITE_URL must be the site's address, such as https://www.example.org, got '${given}'`);
    }
  });
});

describe('store', () => {
  it('creates site.db in WAL mode and runs each migration once', () => {
    const dir = temp();
    try {
      const db = openStore(dir);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const versions = db.prepare('SELECT version FROM schema_migration ORDER BY version').pluck().all();
      expect(versions).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
      expect(migrate(db, migrations)).toEqual([]);
      db.close();
      expect(existsSync(join(dir, DB_FILE))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a failing migration leaves nothing half-applied', () => {
    const db = new Database(':memory:');
    const broken = [{ version: 1, name: 'ok', sql: 'CREATE TABLE a (x INTEGER)' }, { version: 2, name: 'bad', sql: 'CREATE TABLE b (x INTEGER); CREATE TABLE a (y)' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.prepare('SELECT version FROM schema_migration').pluck().all()).toEqual([1]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").all()).toEqual([]);
    db.close();
  });
});

describe('ajax endpoint and static site (real HTTP)', () => {
  let server: SiteServer;
  let base: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = temp();
    server = await buildServer(
      { host: '127.0.0.1', port: 0, dataDir, staticDir: join(dataDir, 'no-site'), logger: false },
      { actions: { echo: (body) => `<p>${String(body.word ?? '').replace(/</g, '&lt;')}</p>`, boom: () => { throw new Error('internal detail'); } } },
    );
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (body: string, type = 'application/x-www-form-urlencoded') =>
    fetch(`${base}/ajax`, { method: 'POST', headers: { 'content-type': type }, body });

  it('dispatches on action and answers HTML', async () => {
    const response = await post('action=echo&word=%3Cb%3Ehi');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toBe('<p>&lt;b>hi</p>');
  });

  it.each([
    ['action=unknown', 400, "Unknown action 'unknown'. Known actions: echo, boom."],
    ['word=hi', 400, 'The request has no action field.'],
    ['action=', 400, 'The request has no action field.'],
  ])('%s gets %i with a message', async (body, status, message) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(message);
  });

  it('a prototype key is not an action', async () => {
    const response = await post('action=constructor');
    expect(response.status).toBe(400);
  });

  it('rejects a body it cannot read with a 4xx, never a 500', async () => {
    expect((await post('{"action":"echo"}', 'text/plain')).status).toBe(415);
    expect((await post(`action=echo&word=${'x'.repeat(300 * 1024)}`)).status).toBe(413);
  });

  it('a handler that throws gets a 500 without its internals', async () => {
    const response = await post('action=boom');
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('internal detail');
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok', database: 'sqlite', migrations: migrations.length });
  });
});

describe('the real server process', () => {
  let server: RunningServer;
  let site: string;
  beforeAll(async () => {
    // A built site in miniature (a page, a hashed asset), compressed by the build's own step, so this
    // suite needs no `npm run build` (a fresh clone runs `npm run test:unit` first).
    site = temp();
    mkdirSync(join(site, 'dosing'), { recursive: true });
    mkdirSync(join(site, 'assets'));
    const script = `export const dose = ${JSON.stringify('x'.repeat(2048))};\n`;
    writeFileSync(join(site, 'assets/client-3f9a1c2e.js'), script);
    writeFileSync(join(site, 'dosing/index.html'), `<!DOCTYPE html><html><head><script type="module" src="/assets/client-3f9a1c2e.js"></script></head><body>${'<p>Dosing by weight.</p>'.repeat(100)}</body></html>`);
    await precompress(site);
    server = await startSiteServer({ dataDir: temp(), env: { STATIC_DIR: site } });
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('creates its SQLite file in DATA_DIR on first start', () => {
    expect(existsSync(join(server.dataDir, DB_FILE))).toBe(true);
  });

  it('serves hashed assets for a year and pages for revalidation, precompressed', async () => {
    const page = await fetch(`${server.url}/dosing/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.url}${script}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('shuts down gracefully on SIGTERM', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('on HTTPS (TLS_CERT, TLS_KEY) answers HTTP/2 and closes on SIGTERM with a browser\'s session still open', async () => {
    const { cert, key } = selfSignedCertificate();
    const secure = await startSiteServer({ dataDir: temp(), env: { STATIC_DIR: site, TLS_CERT: cert, TLS_KEY: key } });
    expect(secure.url).toMatch(/^https:/);
    const session = connect(secure.url, { rejectUnauthorized: false });
    try {
      const status = await new Promise<unknown>((resolve, reject) => {
        const stream = session.request({ ':path': '/dosing/' });
        stream.on('response', (headers) => resolve(headers[':status']));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
      // The session stays open, as a browser's does: the server cuts it after its grace and exits 0.
      expect(await secure.stop('SIGTERM')).toBe(0);
    } finally {
      session.destroy();
      rmSync(secure.dataDir, { recursive: true, force: true });
    }
  });

  it('a TLS_CERT it cannot read stops the start, named', async () => {
    await expect(startSiteServer({ dataDir: temp(), env: { STATIC_DIR: site, TLS_CERT: '/nonexistent/cert.pem', TLS_KEY: '/nonexistent/key.pem' } })).rejects.toThrow(
      "TLS_CERT '/nonexistent/cert.pem' cannot be read",
    );
  });
});
