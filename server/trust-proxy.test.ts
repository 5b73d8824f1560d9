import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { configFromEnv, trustProxyFrom, type TrustProxy } from './config';

/** Issue 16: TRUST_PROXY decides whose address the rate limit, the stored client and the logs see. */
describe('TRUST_PROXY setting', () => {
  it.each<[string | undefined, TrustProxy]>([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7 ,fd00::/8', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8']],
  ])('TRUST_PROXY=%s -> %j', (value, expected) => {
    const warnings: string[] = [];
    expect(trustProxyFrom(value, (message) => warnings.push(message))).toEqual(expected);
    expect(warnings).toEqual([]);
  });

  it.each(['true', 'yes', '10.0.0.300', '10.0.0.0/33', '99', 'loopback'])('TRUST_PROXY=%s falls back to no proxy with one warning', (value) => {
    const warnings: string[] = [];
    expect(trustProxyFrom(value, (message) => warnings.push(message))).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('trusting no proxy');
    expect(configFromEnv({ TRUST_PROXY: value }).warnings).toEqual(warnings);
  });

  it('DATABASE_URL must be PostgreSQL when set; unset means SQLite', () => {
    expect(configFromEnv({}).databaseUrl).toBeUndefined();
    expect(configFromEnv({ DATABASE_URL: 'postgres://u:p@db:5432/site' }).databaseUrl).toBe('postgres://u:p@db:5432/site');
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://u:secret@db/site' })).toThrow(/must be a PostgreSQL URL.*mysql:\/\/u:\*\*\*@db\/site/);
  });
});

describe('the client address behind a proxy (real server, stored sign-ups)', () => {
  const PROXY = '10.0.0.1';
  const VISITOR = '198.51.100.23';

  async function storedClient(trustProxy: TrustProxy, forwardedFor: string): Promise<string | undefined> {
    const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-proxy-'));
    const { app, store } = await buildServer({ host: '127.0.0.1', port: 0, dataDir, staticDir: join(dataDir, 'no-site'), logger: false, trustProxy });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/forms/newsletter',
        remoteAddress: PROXY,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'fetch', 'x-forwarded-for': forwardedFor },
        payload: 'email=reader%40example.org',
      });
      expect(response.statusCode).toBe(200);
      return store.prepare('SELECT client FROM newsletter_subscriber').pluck().get() as string | undefined;
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('off (the default): the peer is the client, whatever X-Forwarded-For claims', async () => {
    expect(await storedClient(false, VISITOR)).toBe(PROXY);
  });

  it('a hop count: the address the nearest proxy forwarded; a spoofed entry further left is ignored', async () => {
    expect(await storedClient(1, `6.6.6.6, ${VISITOR}`)).toBe(VISITOR);
  });

  it('the request log names the visitor, not the proxy', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-proxy-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter((line) => line !== ''));
        done();
      },
    });
    const { app } = await buildServer({ host: '127.0.0.1', port: 0, dataDir, staticDir: join(dataDir, 'no-site'), logger: { stream }, trustProxy: 1 });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: PROXY, headers: { 'x-forwarded-for': VISITOR } });
      expect(response.statusCode).toBe(200);
      const logged = lines.map((line) => JSON.parse(line) as { req?: { remoteAddress?: string } }).filter((entry) => entry.req);
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.map((entry) => entry.req?.remoteAddress)).toEqual(logged.map(() => VISITOR));
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a list: only a listed proxy may name the visitor', async () => {
    expect(await storedClient([PROXY], VISITOR)).toBe(VISITOR);
    expect(await storedClient(['10.0.0.2'], VISITOR)).toBe(PROXY);
  });
});
