import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_QUESTION_PLACEHOLDER, CAPTCHA_VERIFIER_PLACEHOLDER } from '../../demo/content/forms';
import { startSiteServer, type RunningServer } from '../../tests/support/site-server';

/**
 * Durability (docs/architecture.md invariant 6): every submission the server acknowledged before it was
 * killed with SIGKILL (newsletter sign-ups and contact messages alike) is in the database after a
 * restart. The store commits with synchronous=FULL before the answer is written.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-durable-'));
/** A contact page with the placeholders the server fills with a fresh signed captcha (as in forms.test.ts). */
const staticDir = mkdtempSync(join(tmpdir(), 'sitecharts-durable-static-'));
mkdirSync(join(staticDir, 'contact'));
writeFileSync(
  join(staticDir, 'contact', 'index.html'),
  `<html><body><main><h1>Contact</h1><label>Q: ${CAPTCHA_QUESTION_PLACEHOLDER}</label><input name="captcha_verifier" value="${CAPTCHA_VERIFIER_PLACEHOLDER}"></main></body></html>`,
);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(staticDir, { recursive: true, force: true });
});

const FRAGMENT = { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'fetch' };

async function subscribe(server: RunningServer, email: string): Promise<boolean> {
  const response = await fetch(`${server.url}/forms/newsletter`, {
    method: 'POST',
    headers: FRAGMENT,
    body: new URLSearchParams({ email, ajax_mailchimp: 'true' }),
  });
  return response.status === 200 && (await response.text()).includes(email);
}

/** As a visitor: GET /contact/ for a fresh verifier, answer its question, post the form. */
async function sendContact(server: RunningServer, email: string): Promise<boolean> {
  const page = await (await fetch(`${server.url}/contact/`)).text();
  const verifier = /name="captcha_verifier" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const [, a, b] = /Q: (\d) \+ (\d)/.exec(page) ?? [];
  const response = await fetch(`${server.url}/forms/contact`, {
    method: 'POST',
    headers: FRAGMENT,
    body: new URLSearchParams({
      name: 'Ana Lima',
      email,
      family_email: 'jürgen@müller.de',
      school_email: "o'neil+care@school.example",
      phone: '(555) 014-2290',
      child_age: '4',
      weight_change: '-1,5',
      topic: 'Home care',
      message: `Please call me back (${email}).`,
      consent: 'true',
      website: '',
      captcha_verifier: verifier,
      captcha: String(Number(a) + Number(b)),
    }),
  });
  return response.status === 200 && (await response.text()).includes('av-form-success-container');
}

describe('durability', () => {
  it('acknowledged newsletter sign-ups and contact messages survive SIGKILL', async () => {
    const env = { FORM_RATE_LIMIT: '100000', STATIC_DIR: staticDir };
    const server = await startSiteServer({ dataDir, env });
    const subscribed: string[] = [];
    const contacted: string[] = [];
    let sent = 0;
    const send = async (i: number) => {
      try {
        if (i % 2 === 0) {
          const email = `parent-${i}@example.org`;
          if (await subscribe(server, email)) subscribed.push(email);
        } else {
          const email = `contact-${i}@example.org`;
          if (await sendContact(server, email)) contacted.push(email);
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
      const store = new Database(join(dataDir, 'site.db'), { readonly: true });
      const subscribers = new Set(store.prepare('SELECT email FROM newsletter_subscriber').pluck().all() as string[]);
      const messages = new Set(store.prepare("SELECT email FROM form_message WHERE form = 'contact'").pluck().all() as string[]);
      store.close();
      expect(subscribed.filter((email) => !subscribers.has(email))).toEqual([]);
      expect(contacted.filter((email) => !messages.has(email))).toEqual([]);
      const health = await fetch(`${restarted.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await restarted.stop();
    }
  }, 90_000);
});
