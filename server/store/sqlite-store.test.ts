import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelay } from '../forms/mail';
import { openStore, type Store } from './db';
import { retryAfterSeconds, type SiteStore } from './site-store';
import { sqliteSiteStore } from './sqlite-store';

/** The outbox and rate-limit rules of the store, on a real SQLite file, without a server around them. */
let dir: string;
let db: Store;
let store: SiteStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitecharts-store-'));
  db = openStore(dir);
  store = sqliteSiteStore(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const message = (notice?: string) => ({ form: 'contact', name: 'Ana', email: 'ana@example.org', fields: '{}', client: '127.0.0.1', notice });
const outbox = () => db.prepare('SELECT state, attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError FROM mail_outbox').all();

describe('mail outbox rules', () => {
  it('backoff: 30 s, then twice as long each time, never more than an hour apart', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(MAX_ATTEMPTS)).toBe(60 * 60 * 1000);
    expect(retryDelay(1, 200)).toBe(200);
  });

  it('a notice is due at once, retried at the time given, given up when told, and never sent twice', async () => {
    await store.storeMessage(message('{"subject":"s","text":"t"}'));
    const now = Date.now() + 1000;
    expect(await store.deliverNext(now, async () => ({ sent: false, error: 'refused', retryAt: now + 500 }))).toBe(true);
    expect(outbox()).toEqual([{ state: 'pending', attempts: 1, nextAttemptAt: now + 500, lastError: 'refused' }]);
    expect(db.prepare('SELECT mail_error FROM form_message').pluck().get()).toBe('refused');
    // Not due before its time.
    expect(await store.deliverNext(now + 499, async () => ({ sent: true }))).toBe(false);
    // A send abandoned at shutdown leaves it as it was.
    await expect(store.deliverNext(now + 500, async () => Promise.reject(new Error('stopping')))).rejects.toThrow('stopping');
    expect(outbox()).toEqual([{ state: 'pending', attempts: 1, nextAttemptAt: now + 500, lastError: 'refused' }]);
    // Given up: failed, and never due again.
    expect(await store.deliverNext(now + 500, async () => ({ sent: false, error: 'still refused', retryAt: null }))).toBe(true);
    expect(outbox()).toMatchObject([{ state: 'failed', attempts: 2, lastError: 'still refused' }]);
    expect(await store.deliverNext(now + 10 ** 9, async () => ({ sent: true }))).toBe(false);
  });

  it('a sent notice sets mailed_at and is not due again; a message without mail queues nothing', async () => {
    const stored = await store.storeMessage(message('{"subject":"s","text":"t"}'));
    await store.storeMessage(message());
    const seen: Array<number | null> = [];
    expect(await store.deliverNext(Date.now() + 1000, async (notice) => (seen.push(notice.messageId), { sent: true }))).toBe(true);
    expect(seen).toEqual([stored.ok ? stored.id : -1]);
    expect(outbox()).toMatchObject([{ state: 'sent', attempts: 1, lastError: null }]);
    expect(db.prepare('SELECT mailed_at FROM form_message WHERE mailed_at IS NOT NULL').all()).toHaveLength(1);
    expect(await store.deliverNext(Date.now() + 10 ** 9, async () => ({ sent: true }))).toBe(false);
  });
});

describe('rate limit window', () => {
  it('counts posts per client in a sliding window and says how long to wait', async () => {
    const window = 10_000;
    expect(await store.hitRateLimit('a', 0, 2, window)).toBe(0);
    expect(await store.hitRateLimit('a', 4_000, 2, window)).toBe(0);
    expect(await store.hitRateLimit('a', 5_000, 2, window)).toBe(5); // the first leaves the window at 10 s
    expect(await store.hitRateLimit('b', 5_000, 2, window)).toBe(0);
    expect(await store.hitRateLimit('a', 10_001, 2, window)).toBe(0);
    await store.prune(20_001, window, 1);
    expect(db.prepare('SELECT COUNT(*) FROM form_hit').pluck().get()).toBe(0);
  });
});

describe('rate limit wait (issue 33)', () => {
  it('Retry-After never exceeds the window, even when a counted post is dated ahead of this clock (another instance)', () => {
    const window = 10 * 60 * 1000;
    expect(retryAfterSeconds(1_000_000, 1_000_000, window)).toBe(600);
    expect(retryAfterSeconds(1_000_000, 1_000_000 + 1500, window)).toBe(600);
    expect(retryAfterSeconds(1_000_000, 1_000_000 - window + 1, window)).toBe(1);
  });

  it('the store answers at most the window', async () => {
    const now = Date.now();
    db.prepare('INSERT INTO form_hit (client, at) VALUES (?, ?)').run('10.0.0.9', now + 1500);
    expect(await store.hitRateLimit('10.0.0.9', now, 1, 600_000)).toBe(600);
  });
});

