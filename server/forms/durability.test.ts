import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSiteServer } from '../../tests/support/site-server';

/**
 * Durability (design.md invariant 6): every submission the server acknowledged before it was
 * killed with SIGKILL is in the database after a restart. The store commits with synchronous=FULL
 * before the answer is written.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-durable-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('durability', () => {
  it('acknowledged submissions survive SIGKILL', async () => {
    const env = { FORM_RATE_LIMIT: '100000' };
    const server = await startSiteServer({ dataDir, env });
    const acknowledged: string[] = [];
    let sent = 0;
    const send = async (i: number) => {
      const email = `parent-${i}@example.org`;
      try {
        const response = await fetch(`${server.url}/forms/newsletter`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'fetch' },
          body: new URLSearchParams({ email, ajax_mailchimp: 'true' }),
        });
        if (response.status === 200 && (await response.text()).includes(email)) acknowledged.push(email);
      } catch {
        // Cut off by the kill: not acknowledged, so not promised.
      }
    };
    // A steady stream of posts, 16 in flight at a time; the kill lands in the middle of it.
    const alive = () => server.process.exitCode === null && server.process.signalCode === null;
    const worker = async () => {
      while (alive() && sent < 20_000) await send(sent++);
    };
    const stream = Promise.all(Array.from({ length: 16 }, worker));
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await server.stop('SIGKILL');
    await stream;
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    const restarted = await startSiteServer({ dataDir, env });
    try {
      const store = new Database(join(dataDir, 'site.db'), { readonly: true });
      const stored = new Set(store.prepare('SELECT email FROM newsletter_subscriber').pluck().all() as string[]);
      store.close();
      const lost = acknowledged.filter((email) => !stored.has(email));
      expect(lost).toEqual([]);
      const health = await fetch(`${restarted.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await restarted.stop();
    }
  }, 90_000);
});
