import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPostgres, type TestPostgres } from '../../tests/support/postgres';
import { ROOT, startSiteServer, type RunningServer } from '../../tests/support/site-server';
import { startSmtpSink, type SmtpSink } from '../../tests/support/smtp-sink';
import { storedRows } from '../../tests/support/store-rows';
import { contactCaptcha, contactPageDir, isStored, sendContact, subscribe, type Answer } from '../../tests/support/visitor';
import { migrateToPostgres } from './migrate-to-postgres';
import { openStore } from './db';
import { migrations } from './migrations';
import { openPostgresStore } from './postgres-store';
import { exportMessages } from '../export';
import { contactForm } from '../../tests/support/demo-site';

/**
 * Issue 16: several real server processes on one real PostgreSQL, as behind a load balancer. What
 * they share (subscribers, used verifiers, the rate budget, the mail outbox) is decided by the
 * database; what they acknowledged survives a killed instance and a restarted database.
 */
let postgres: TestPostgres;
const staticPages = contactPageDir();
const servers: RunningServer[] = [];

/** Each request its own visitor address (forwarded by the "load balancer"), unless a test names one. */
let visitors = 0;
const visitor = () => {
  visitors += 1;
  return { 'x-forwarded-for': `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}` };
};

async function start(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const server = await startSiteServer({ env: { STATIC_DIR: staticPages.dir, TRUST_PROXY: '1', ...env } });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.destroy();
  staticPages.remove();
});

describe('two instances on one PostgreSQL', () => {
  const LIMIT = 5;
  let a: RunningServer;
  let b: RunningServer;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await postgres.createDatabase('shared');
    // Both start at once on an empty database: the migration lock lets one migrate, the other wait.
    [a, b] = await Promise.all([start({ DATABASE_URL: databaseUrl, FORM_RATE_LIMIT: String(LIMIT) }), start({ DATABASE_URL: databaseUrl, FORM_RATE_LIMIT: String(LIMIT) })]);
  }, 60_000);

  const rows = <Row>(sql: string, params: unknown[] = []) => storedRows<Row>({ dataDir: '', databaseUrl }, sql, params);

  it('both started on an empty database and applied each migration once', async () => {
    const versions = await rows<{ version: number }>('SELECT version FROM schema_migration ORDER BY version');
    expect(versions.map((row) => row.version)).toEqual(migrations.map((m) => m.version).sort((x, y) => x - y));
    for (const server of [a, b]) expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok', database: 'postgres', migrations: migrations.length });
  });

  it('the same migrations give both engines the same tables and columns (the search index only on SQLite)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitecharts-schema-'));
    const sqlite = openStore(dir);
    try {
      const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'search_page%' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
      const sqliteColumns = tables.flatMap((table) => (sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).map((column) => `${table}.${column}`));
      const pgColumns = await rows<{ c: string }>(
        "SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
      );
      expect(pgColumns.map((row) => row.c)).toEqual(sqliteColumns);
    } finally {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('concurrent sign-ups of one address through both instances leave one row, from the visitor address the proxy forwarded', async () => {
    const spellings = ['kim@example.org', 'Kim@Example.org', 'KIM@EXAMPLE.ORG'];
    const clients = Array.from({ length: 24 }, visitor);
    const answers = await Promise.all(clients.map((headers, i) => subscribe((i % 2 ? a : b).url, spellings[i % 3] ?? '', headers)));
    expect(answers.map((answer) => answer.status)).toEqual(clients.map(() => 200));
    const stored = await rows<{ email: string; client: string }>("SELECT email, client FROM newsletter_subscriber WHERE lower(email) = 'kim@example.org'");
    expect(stored).toHaveLength(1);
    expect(clients.map((headers) => headers['x-forwarded-for'])).toContain(stored[0]?.client);
  });

  it('one captcha verifier posted to both instances at once is accepted once', async () => {
    for (let round = 0; round < 4; round++) {
      const captcha = await contactCaptcha(a.url);
      const email = `verifier-${round}@example.org`;
      const answers = await Promise.all([a, b].map((server) => sendContact(server.url, email, { captcha, headers: visitor() })));
      expect(answers.filter(isStored)).toHaveLength(1);
      const refused = answers.find((answer) => !isStored(answer));
      expect(refused?.status).toBe(400);
      expect(refused?.text).toContain('already used');
      expect(await rows('SELECT id FROM form_message WHERE email = ?', [email])).toHaveLength(1);
    }
  });

  it('the rate limit is one budget per visitor across instances, and other visitors keep theirs', async () => {
    const one = { 'x-forwarded-for': '203.0.113.7' };
    // Sequential, alternating instances: the sixth post is refused whichever instance gets it.
    const sequential: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) sequential.push((await subscribe((i % 2 ? a : b).url, `budget-${i}@example.org`, one)).status);
    expect(sequential).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);

    // At once, half to each instance: still exactly LIMIT accepted.
    const other = { 'x-forwarded-for': '203.0.113.8' };
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => subscribe((i % 2 ? a : b).url, `burst-${i}@example.org`, other)));
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(LIMIT);
    const refused = burst.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(12 - LIMIT);
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[0]?.text).toContain('Too many forms');

    expect((await subscribe(a.url, 'someone-else@example.org', visitor())).status).toBe(200);
  });

  it('a database restart under load: 503 with a clear message while it is away, then recovery, nothing acknowledged lost', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const refusals = new Set<string>();
    let sent = 0;
    let running = true;
    let okAfterRestart = 0;
    let restarted = false;
    const worker = async () => {
      while (running) {
        const email = `load-${sent++}@example.org`;
        // A dropped connection counts as status 0: the instance must answer, never crash.
        const answer: Answer = await subscribe((sent % 2 ? a : b).url, email, visitor()).catch(() => ({ status: 0, text: '', headers: new Headers() }));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200 && answer.text.includes(email)) {
          acknowledged.push(email);
          if (restarted) okAfterRestart += 1;
        } else refusals.add(answer.text);
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, worker));
    try {
      await expect.poll(() => acknowledged.length, { timeout: 15_000 }).toBeGreaterThan(20);
      await postgres.stop();
      await expect.poll(() => statuses.get(503) ?? 0, { timeout: 15_000 }).toBeGreaterThan(5);
      const down = await fetch(`${a.url}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'unavailable', database: 'postgres', error: expect.stringContaining('cannot be reached') });

      await postgres.start();
      restarted = true;
      await expect.poll(() => okAfterRestart, { timeout: 20_000 }).toBeGreaterThan(20);
      for (const server of [a, b]) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      running = false;
      await load;
    }
    // Only "stored" or "try again": never a 500, never a hang.
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    for (const text of refusals) expect(text).toContain('Please try again in a minute.');
    const stored = new Set((await rows<{ email: string }>("SELECT email FROM newsletter_subscriber WHERE email LIKE 'load-%'")).map((row) => row.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  }, 90_000);

  it('SIGKILL of one instance during concurrent posts: every acknowledged submission is in the database', async () => {
    const acknowledged: string[] = [];
    let sent = 0;
    let ackedByB = 0;
    const killed = () => a.process.signalCode !== null;
    const worker = async () => {
      while (!(killed() && ackedByB > 30)) {
        const i = sent++;
        const server = i % 2 ? a : b;
        const email = `kill-${i}@example.org`;
        try {
          const answer = i % 3 ? await subscribe(server.url, email, visitor()) : await sendContact(server.url, email, { headers: visitor() });
          if (answer.status === 200 && (answer.text.includes(email) || isStored(answer))) {
            acknowledged.push(email);
            if (server === b && killed()) ackedByB += 1;
          }
        } catch {
          // Cut off by the kill (or refused by the dead instance): not acknowledged, not promised.
        }
      }
    };
    const load = Promise.all(Array.from({ length: 12 }, worker));
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(40);
    await a.stop('SIGKILL');
    await load;
    const stored = new Set(
      (await rows<{ email: string }>("SELECT email FROM newsletter_subscriber WHERE email LIKE 'kill-%' UNION SELECT email FROM form_message WHERE email LIKE 'kill-%'")).map(
        (row) => row.email,
      ),
    );
    expect(acknowledged.length).toBeGreaterThan(70);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
  }, 60_000);
});

describe('the mail outbox shared by instances', () => {
  let sink: SmtpSink | undefined;
  afterAll(() => sink?.close());

  it('an SMTP server that fails then recovers gets each notice exactly once, including those pending when an instance stopped', async () => {
    const databaseUrl = await postgres.createDatabase('outbox');
    const smtpPort = await freePort();
    const env = { DATABASE_URL: databaseUrl, FORM_RATE_LIMIT: '1000', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_MS: '100', MAIL_POLL_MS: '100' };
    const rows = <Row>(sql: string) => storedRows<Row>({ dataDir: '', databaseUrl }, sql);
    const [c, d] = await Promise.all([start(env), start(env)]);

    // Nothing listens on the SMTP port yet: every notice fails and is kept for a retry.
    const emails = Array.from({ length: 12 }, (_, i) => `notice-${i}@example.org`);
    const answers = await Promise.all(emails.map((email, i) => sendContact((i % 2 ? c : d).url, email, { headers: visitor() })));
    expect(answers.filter(isStored)).toHaveLength(emails.length);
    await expect
      .poll(async () => (await rows<{ attempts: number; last_error: string | null }>('SELECT attempts, last_error FROM mail_outbox')).filter((row) => row.attempts > 0 && /ECONNREFUSED/.test(row.last_error ?? '')).length, { timeout: 15_000 })
      .toBe(emails.length);
    const failing = await rows<{ mail_error: string | null; mailed_at: Date | null }>('SELECT mail_error, mailed_at FROM form_message');
    expect(failing.every((row) => /ECONNREFUSED/.test(row.mail_error ?? '') && row.mailed_at === null)).toBe(true);

    // One instance stops with its notices still queued; the SMTP server comes back; a new instance starts.
    expect(await d.stop()).toBe(0);
    sink = await startSmtpSink(smtpPort);
    const e = await start(env);
    expect(e.url).not.toBe(c.url);

    // Two instances now send: each notice once, none lost.
    await expect.poll(async () => (await rows<{ n: number }>("SELECT COUNT(*)::int AS n FROM mail_outbox WHERE state = 'sent'"))[0]?.n, { timeout: 30_000 }).toBe(emails.length);
    const replyTos = sink.received.map((mail) => /<([^>]+)>/.exec(mail.headers.get('reply-to') ?? '')?.[1]).sort();
    expect(replyTos).toEqual([...emails].sort());
    const mailed = await rows<{ mail_error: string | null; mailed_at: Date | null }>('SELECT mail_error, mailed_at FROM form_message');
    expect(mailed.every((row) => row.mail_error === null && row.mailed_at !== null)).toBe(true);
  }, 90_000);
});

describe('npm run db:migrate-to-postgres', () => {
  it('moves a SQLite site (messages with their ids, subscribers, used verifiers, the captcha secret) and refuses a second run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-move-'));
    try {
      // A site that ran on SQLite: messages, sign-ups, a verifier used and one handed out but not yet used.
      const before = await startSiteServer({ dataDir, env: { STATIC_DIR: staticPages.dir, FORM_RATE_LIMIT: '1000' } });
      servers.push(before);
      const used = await contactCaptcha(before.url);
      for (const email of ['first@example.org', 'second@example.org']) expect(isStored(await sendContact(before.url, email))).toBe(true);
      expect(isStored(await sendContact(before.url, 'third@example.org', { captcha: used }))).toBe(true);
      for (const email of ['Reader@Example.org', 'other@example.org']) expect((await subscribe(before.url, email)).status).toBe(200);
      const pending = await contactCaptcha(before.url);
      const messages = await storedRows(before, 'SELECT id, name, email, fields, client FROM form_message ORDER BY id');
      const subscribers = await storedRows(before, 'SELECT email, client FROM newsletter_subscriber ORDER BY lower(email)');
      expect(await before.stop()).toBe(0);

      const databaseUrl = await postgres.createDatabase('moved');
      const move = () =>
        promisify(execFile)('npm', ['run', '--silent', 'db:migrate-to-postgres'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl } });
      const { stdout } = await move();
      expect(stdout).toContain('3 messages, 2 subscribers, 3 used verifiers');
      expect(stdout).toContain('the captcha secret');

      const after = await start({ DATABASE_URL: databaseUrl, FORM_RATE_LIMIT: '1000' });
      expect(await storedRows(after, 'SELECT id, name, email, fields, client FROM form_message ORDER BY id')).toEqual(messages);
      expect(await storedRows(after, 'SELECT email, client FROM newsletter_subscriber ORDER BY lower(email)')).toEqual(subscribers);
      // The page handed out before the move still works; the verifier used before it is still used.
      expect(isStored(await sendContact(after.url, 'after@example.org', { captcha: pending, headers: visitor() }))).toBe(true);
      const again = await sendContact(after.url, 'replay@example.org', { captcha: used, headers: visitor() });
      expect(again.status).toBe(400);
      expect(again.text).toContain('already used');
      // New ids continue after the moved ones.
      const ids = (await storedRows<{ id: number }>(after, 'SELECT id FROM form_message ORDER BY id')).map((row) => row.id);
      expect(ids).toEqual([...messages.map((row) => (row as { id: number }).id), Math.max(...messages.map((row) => (row as { id: number }).id)) + 1]);

      // forms:export reads the moved messages from PostgreSQL.
      const shared = await openPostgresStore(databaseUrl);
      try {
        const csv = exportMessages(await shared.messages(), contactForm);
        for (const email of ['first@example.org', 'second@example.org', 'third@example.org', 'after@example.org']) expect(csv).toContain(email);
      } finally {
        await shared.close();
      }

      // A second run would duplicate: it is refused and copies nothing.
      await expect(migrateToPostgres(dataDir, databaseUrl)).rejects.toThrow('already holds messages or subscribers; nothing was copied');
      expect(await storedRows(after, 'SELECT id FROM form_message')).toHaveLength(messages.length + 1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
