import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSiteServer, type RunningServer } from '../../tests/support/site-server';
import { storedRows } from '../../tests/support/store-rows';
import { contactPageDir, isStored, sendContact, subscribe } from '../../tests/support/visitor';

/**
 * Durability (docs/design.md invariant 6): every submission the server acknowledged before it was
 * killed with SIGKILL (newsletter sign-ups and contact messages alike) is in the database after a
 * restart. The store commits before the answer is written (SQLite with synchronous=FULL; PostgreSQL
 * in the postgres project).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-durable-'));
const staticPages = contactPageDir();
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  staticPages.remove();
});

async function signUp(server: RunningServer, email: string): Promise<boolean> {
  const answer = await subscribe(server.url, email);
  return answer.status === 200 && answer.text.includes(email);
}

describe('durability', () => {
  it('acknowledged newsletter sign-ups and contact messages survive SIGKILL', async () => {
    const env = { FORM_RATE_LIMIT: '100000', STATIC_DIR: staticPages.dir };
    const server = await startSiteServer({ dataDir, env });
    const subscribed: string[] = [];
    const contacted: string[] = [];
    let sent = 0;
    const send = async (i: number) => {
      try {
        if (i % 2 === 0) {
          const email = `parent-${i}@example.org`;
          if (await signUp(server, email)) subscribed.push(email);
        } else {
          const email = `contact-${i}@example.org`;
          if (isStored(await sendContact(server.url, email))) contacted.push(email);
        }
      } catch {
        // Cut off by the kill: not acknowledged, so not promised.
      }
    };
    // A steady stream of both forms, 16 in flight at a time; the kill lands in the middle of it.
    const alive = () => server.process.exitCode === null && server.process.signalCode === null;
    const worker = async () => {
      while (alive() && sent < 20_000) await send(sent++);
    };
    const stream = Promise.all(Array.from({ length: 16 }, worker));
    const deadline = Date.now() + 30_000;
    while ((subscribed.length < 40 || contacted.length < 40) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await server.stop('SIGKILL');
    await stream;
    expect(subscribed.length).toBeGreaterThanOrEqual(40);
    expect(contacted.length).toBeGreaterThanOrEqual(40);

    const restarted = await startSiteServer({ dataDir, env });
    try {
      const subscribers = new Set((await storedRows<{ email: string }>(restarted, 'SELECT email FROM newsletter_subscriber')).map((row) => row.email));
      const messages = new Set((await storedRows<{ email: string }>(restarted, "SELECT email FROM form_message WHERE form = 'contact'")).map((row) => row.email));
      expect(subscribed.filter((email) => !subscribers.has(email))).toEqual([]);
      expect(contacted.filter((email) => !messages.has(email))).toEqual([]);
      const health = await fetch(`${restarted.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await restarted.stop();
    }
  }, 90_000);
});
