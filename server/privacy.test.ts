import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCli, type CompiledCli } from '../tests/support/compiled-cli';
import { ROOT, startSiteServer, type RunningServer } from '../tests/support/site-server';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { changeRows, storedRows } from '../tests/support/store-rows';
import { contactPageDir, isStored, sendContact, subscribe } from '../tests/support/visitor';

/**
 * Issue 33, a person's data: `npm run forms:export -- person <email>` and `npm run forms:erase --
 * <email>` run as an operator runs them, beside the real server, and the retention setting for
 * contact messages; on SQLite in the unit project, on PostgreSQL in the postgres project.
 *
 * Issue 48: the two tools start a dozen times here, each start under tsx about 1.1 s of CPU and
 * compiled a third of a second, and the server four times, 3.5 s under tsx and 1.7 s compiled; so
 * they are compiled once for the file (tests/support/compiled-cli.ts) and started with plain `node`,
 * except the erase itself, which runs from its source under tsx as the npm script runs it (`npm run
 * forms:export` from source is tests/prerequisites.test.ts's, the server's start from source the
 * other server suites').
 */
const run = promisify(execFile);
const staticPages = contactPageDir();
const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-privacy-'));
let sink: SmtpSink;
let server: RunningServer;
let tools: CompiledCli | undefined;
const env = (extra: NodeJS.ProcessEnv = {}) => ({ STATIC_DIR: staticPages.dir, SMTP_URL: sink.url, MAIL_POLL_MS: '200', FORM_RATE_LIMIT: '1000', ...extra });

beforeAll(async () => {
  sink = await startSmtpSink();
  tools = await compileCli(['server/export.ts', 'server/erase.ts', 'server/main.ts', 'server/search/build-worker.ts']);
  server = await startServer({ dataDir, env: env() });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  tools?.remove();
  staticPages.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real server, compiled with the tools: what is tested here is its data, not its start from source. */
function startServer(options: { dataDir?: string; env: NodeJS.ProcessEnv }): Promise<RunningServer> {
  if (!tools) throw new Error('the server was not compiled');
  return startSiteServer({ ...options, command: [process.execPath, ...tools.args('server/main.ts')], env: { ...tools.env, ...options.env } });
}

/** An operator's tool on the server's store: compiled, or from its source under tsx (`fromSource`). */
async function cli(script: string, args: string[], fromSource = false): Promise<{ stdout: string; stderr: string }> {
  if (!tools) throw new Error('the tools were not compiled');
  return run(process.execPath, fromSource ? ['--import', 'tsx', script, ...args] : [...tools.args(script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...(fromSource ? {} : tools.env), DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl ?? '' },
  });
}

interface PersonExport {
  email: string;
  messages: Array<{ id: number; email: string; fields: Record<string, string> }>;
  newsletter: Array<{ email: string; state: string }>;
  mails: Array<{ id: number; message_id: number | null; recipient: string | null; state: string }>;
}
const person = async (email: string) => JSON.parse((await cli('server/export.ts', ['person', email])).stdout) as PersonExport;
const count = async (sql: string, params: unknown[] = []) => (await storedRows<{ n: number }>(server, `SELECT COUNT(*) AS n FROM ${sql}`, params))[0]?.n;

describe('a person’s data (issue 33)', { timeout: 120_000 }, () => {
  it('forms:export -- person lists every message, sign-up and mail about one address; forms:erase deletes exactly those and logs no address', async () => {
    expect(isStored(await sendContact(server.url, 'ana@example.org'))).toBe(true);
    expect(isStored(await sendContact(server.url, 'other@example.org'))).toBe(true);
    expect((await subscribe(server.url, 'Ana@Example.org')).status).toBe(200);
    expect((await subscribe(server.url, 'other@example.org')).status).toBe(200);
    // Two notices to the owner and two confirmation mails, all sent.
    await expect.poll(() => sink.received.length, { timeout: 15_000 }).toBe(4);

    const before = await person('ANA@example.org');
    expect(before.messages.map((m) => [m.email, m.fields.message])).toEqual([['ana@example.org', 'Please call me back (ana@example.org).']]);
    expect(before.newsletter).toMatchObject([{ email: 'Ana@Example.org', state: 'pending confirmation' }]);
    const ids = before.messages.map((m) => m.id);
    expect(before.mails).toHaveLength(2);
    expect(before.mails.filter((mail) => mail.message_id !== null).map((mail) => mail.message_id)).toEqual(ids);
    expect(before.mails.filter((mail) => mail.message_id === null).map((mail) => mail.recipient)).toEqual(['Ana@Example.org']);
    // The family address written into a message is about that person too.
    expect((await person('jürgen@müller.de')).messages).toHaveLength(2);

    const erased = await cli('server/erase.ts', ['ana@example.org'], true);
    expect(erased.stdout).toMatch(/^forms:erase \d{4}-\d\d-\d\dT[\d:.]+Z: erased 1 message\(s\), 1 newsletter sign-up\(s\), 2 queued or sent mail record\(s\)/);
    expect(erased.stdout + erased.stderr).not.toMatch(/ana/i);

    const after = await person('ana@example.org');
    expect([after.messages, after.newsletter, after.mails]).toEqual([[], [], []]);
    expect(await count("form_message WHERE lower(email) = 'ana@example.org' OR fields LIKE '%ana@example.org%'")).toBe(0);
    expect(await count("mail_outbox WHERE lower(recipient) = 'ana@example.org' OR notice LIKE '%ana@example.org%'")).toBe(0);
    // Everyone else's data is untouched.
    const other = await person('other@example.org');
    expect([other.messages.length, other.newsletter.length, other.mails.length]).toEqual([1, 1, 2]);
  });

  it('forms:erase and forms:export person refuse a missing or half-typed address with one line (issue 48)', async () => {
    expect(isStored(await sendContact(server.url, 'sam.x@example.org'))).toBe(true);
    const erase = (address: string[]) => expect(cli('server/erase.ts', address)).rejects.toMatchObject({ stderr: expect.stringMatching(/^forms:erase: name one whole address[^\n]*\n$/) });
    const exportPerson = (address: string[]) => expect(cli('server/export.ts', ['person', ...address])).rejects.toMatchObject({ stderr: expect.stringMatching(/^forms:export: name the whole address[^\n]*\n$/) });
    await Promise.all([erase([]), erase(['sam.x@']), erase(['sam.x@example']), exportPerson([]), exportPerson(['sam.x@'])]);
    expect(await count("form_message WHERE email = 'sam.x@example.org'")).toBe(1);
  });

  it('MESSAGE_RETENTION_DAYS deletes older contact messages (with their notices) at start and every 10 minutes; unset, nothing is deleted', async () => {
    expect(isStored(await sendContact(server.url, 'old@example.org'))).toBe(true);
    expect(isStored(await sendContact(server.url, 'recent@example.org'))).toBe(true);
    await expect.poll(() => count("mail_outbox WHERE state = 'pending'"), { timeout: 15_000 }).toBe(0);
    expect(await count("mail_outbox WHERE notice LIKE '%old@example.org%'")).toBe(1);
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await changeRows(server, "UPDATE form_message SET created_at = ? WHERE email = 'old@example.org'", [fortyDaysAgo]);

    await server.stop();
    server = await startServer({ dataDir, env: env() });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await count("form_message WHERE email = 'old@example.org'")).toBe(1);

    await server.stop();
    server = await startServer({ dataDir, env: env({ MESSAGE_RETENTION_DAYS: '30' }) });
    await expect.poll(() => count("form_message WHERE email = 'old@example.org'")).toBe(0);
    expect(await count("form_message WHERE email = 'recent@example.org'")).toBe(1);
    expect(await count("mail_outbox WHERE notice LIKE '%old@example.org%'")).toBe(0);
  });

  it('settings that fall back to their default are printed with LOG=0 (request logs off), one line each', async () => {
    const quiet = await startServer({
      env: { STATIC_DIR: staticPages.dir, LOG: '0', TRUST_PROXY: 'everyone', MESSAGE_RETENTION_DAYS: 'a month', NEWSLETTER_CONFIRM_DAYS: '-2', METRICS_ADDRESS: 'metrics' },
    });
    try {
      const lines = quiet.stderr().split('\n').filter((line) => line.startsWith('sitecharts warning: '));
      expect(lines.map((line) => /^sitecharts warning: (\w+)=/.exec(line)?.[1])).toEqual(['TRUST_PROXY', 'NEWSLETTER_CONFIRM_DAYS', 'MESSAGE_RETENTION_DAYS', 'METRICS_ADDRESS']);
    } finally {
      await quiet.stop();
    }
  });
});
