import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCli, type CompiledCli } from '../../tests/support/compiled-cli';
import { findPostgresBin } from '../../tests/support/postgres-bin.mjs';
import { ROOT, startSiteServer, type RunningServer } from '../../tests/support/site-server';
import { storedRows } from '../../tests/support/store-rows';
import { contactPageDir, subscribe } from '../../tests/support/visitor';
import { openStore } from './db';

/**
 * Issue 33, backups under load: a stream of sign-ups keeps arriving while the copy is taken, and
 * the restored copy holds every sign-up acknowledged before the backup began. On SQLite (the unit
 * project) with `npm run backup` / `npm run restore`; on PostgreSQL (the postgres project) with
 * pg_dump / pg_restore, as docs/deployment.md tells an operator.
 *
 * Issue 48: `npm run backup` and `npm run restore` start eight times here, each start under tsx about
 * a second of CPU and compiled a quarter of one, and the server twice, 3.5 s under tsx and 1.7 s
 * compiled; so they are compiled once for the file (tests/support/compiled-cli.ts) and started with
 * plain `node`, except the backup taken under load, which runs from its source under tsx as the npm
 * script runs it (the server's start from source is the other server suites').
 */
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'sitecharts-backup-'));
const staticPages = contactPageDir();
const servers: RunningServer[] = [];
let tools: CompiledCli | undefined;
beforeAll(async () => {
  tools = await compileCli(['server/backup.ts', 'server/main.ts', 'server/search/build-worker.ts']);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  tools?.remove();
  staticPages.remove();
  rmSync(work, { recursive: true, force: true });
});

/** The real server, compiled with the tool: what is tested here is its store, not its start from source. */
async function start(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  if (!tools) throw new Error('the server was not compiled');
  const command = [process.execPath, ...tools.args('server/main.ts')];
  const server = await startSiteServer({ dataDir, command, env: { ...tools.env, STATIC_DIR: staticPages.dir, FORM_RATE_LIMIT: '1000000', ...env } });
  servers.push(server);
  return server;
}

/** Sign-ups from 4 visitors at a time until stopped; `acknowledged` fills as answers come. */
function signUpStream(server: RunningServer) {
  const acknowledged: string[] = [];
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const email = `load-${n++}@example.org`;
      const answer = await subscribe(server.url, email).catch(() => undefined);
      if (answer?.status === 200) acknowledged.push(email);
    }
  };
  const workers = Promise.all([worker(), worker(), worker(), worker()]);
  return {
    acknowledged,
    async stop() {
      running = false;
      await workers;
    },
  };
}

/** `npm run backup` or `npm run restore`: compiled, or from its source under tsx (`fromSource`). */
const npm = (script: string, args: string[], env: NodeJS.ProcessEnv, fromSource = false) => {
  if (!tools) throw new Error('server/backup.ts was not compiled');
  const command = fromSource ? ['--import', 'tsx', 'server/backup.ts'] : tools.args('server/backup.ts');
  return run(process.execPath, [...command, script, ...args], { cwd: ROOT, env: { ...process.env, ...(fromSource ? {} : tools.env), DATABASE_URL: '', ...env } });
};

const emailsIn = async (server: { dataDir: string; databaseUrl?: string }) =>
  new Set((await storedRows<{ email: string }>(server, "SELECT email FROM newsletter_subscriber WHERE email LIKE 'load-%'")).map((row) => row.email));

const waitFor = async (stream: { acknowledged: string[] }, count: number) => {
  await expect.poll(() => stream.acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
};

describe('backups under load (issue 33)', { timeout: 180_000 }, () => {
  it('a copy taken while sign-ups stream in holds every one acknowledged before it began, and restores', async () => {
    const dataDir = join(work, 'live');
    const server = await start(dataDir);
    const stream = signUpStream(server);
    await waitFor(stream, 40);
    const before = [...stream.acknowledged];
    const file = join(work, server.databaseUrl ? 'site.dump' : 'site-backup.db');

    if (!server.databaseUrl) {
      const { stdout } = await npm('backup', [file], { DATA_DIR: dataDir }, true);
      await waitFor(stream, before.length + 10);
      await stream.stop();
      expect(stdout).toMatch(/^backup: wrote .*site-backup\.db \(checked: 0 messages, \d+ newsletter sign-ups, schema \d+ migrations\)/);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      // Refused while the server has the store open: nothing is touched.
      await expect(npm('restore', [file], { DATA_DIR: dataDir })).rejects.toMatchObject({ stderr: expect.stringContaining('stop the server first') });
      expect(await server.stop()).toBe(0);
      const liveCount = (await emailsIn({ dataDir })).size;

      const { stdout: restored } = await npm('restore', [file], { DATA_DIR: dataDir });
      expect(restored).toMatch(/^restore: .*site\.db now holds 0 messages, \d+ newsletter sign-ups \(checked\); the previous store is kept as .*site\.db\.before-restore-/);
      const copy = await emailsIn({ dataDir });
      expect(before.filter((email) => !copy.has(email))).toEqual([]);
      expect(copy.size).toBeLessThanOrEqual(liveCount);
      // The restored store serves: the site starts on it and answers.
      const again = await start(dataDir);
      expect(await (await fetch(`${again.url}/healthz`)).json()).toMatchObject({ status: 'ok', database: 'sqlite' });
      return;
    }

    const bin = findPostgresBin();
    if (!bin) throw new Error('PostgreSQL binaries not found');
    await run(join(bin, 'pg_dump'), ['--format=custom', `--file=${file}`, server.databaseUrl]);
    await waitFor(stream, before.length + 10);
    await stream.stop();
    const restoredUrl = new URL(server.databaseUrl);
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    restoredUrl.pathname = `/restored_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(restoredUrl.pathname.slice(1))}`);
    await admin.end();
    await run(join(bin, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl.toString()}`, file]);
    const copy = await emailsIn({ dataDir: '', databaseUrl: restoredUrl.toString() });
    expect(before.filter((email) => !copy.has(email))).toEqual([]);
    const again = await start(join(work, 'restored'), { DATABASE_URL: restoredUrl.toString() });
    expect(await (await fetch(`${again.url}/healthz`)).json()).toMatchObject({ status: 'ok', database: 'postgres' });
  });

  it('restore checks the file first: not a SQLite store, or damaged, changes nothing', async () => {
    const dataDir = join(work, 'checked');
    const notAStore = join(work, 'notes.db');
    writeFileSync(notAStore, 'this is not a database');
    await expect(npm('restore', [notAStore], { DATA_DIR: dataDir })).rejects.toMatchObject({ stderr: expect.stringMatching(/^restore: /) });
    await expect(npm('restore', [join(work, 'missing.db')], { DATA_DIR: dataDir })).rejects.toMatchObject({ stderr: expect.stringContaining('does not exist') });
    await expect(npm('backup', [join(work, 'x.db')], { DATA_DIR: join(work, 'empty') })).rejects.toMatchObject({ stderr: expect.stringContaining('no data to back up') });
    expect(existsSync(join(dataDir, 'site.db'))).toBe(false);
  });

  it('a path it cannot write or open is named in one line, with no stack (issue 48)', async () => {
    const dataDir = join(work, 'named');
    openStore(dataDir).close();
    const unopenable = join(work, 'unopenable');
    mkdirSync(join(unopenable, 'site.db'), { recursive: true });
    const oneLine = (script: string, text: string) => ({ stderr: `${script}: ${text}\n` });
    const [intoMissing, fromFolder, storeIsFolder] = await Promise.allSettled([
      npm('backup', [join(work, 'no-such-folder', 'site.db')], { DATA_DIR: dataDir }),
      npm('restore', [work], { DATA_DIR: dataDir }),
      npm('backup', [join(work, 'y.db')], { DATA_DIR: unopenable }),
    ]);
    expect(intoMissing).toMatchObject({ reason: oneLine('backup', `cannot write ${join(work, 'no-such-folder', 'site.db')}: ${join(work, 'no-such-folder')} is not an existing folder`) });
    expect(fromFolder).toMatchObject({ reason: { stderr: expect.stringMatching(new RegExp(`^restore: cannot (open|read) ${work}: [^\\n]+\\n$`)) } });
    expect(storeIsFolder).toMatchObject({ reason: { stderr: expect.stringMatching(new RegExp(`^backup: cannot open ${join(unopenable, 'site.db')}: [^\\n]+\\n$`)) } });
    expect(existsSync(join(work, 'y.db'))).toBe(false);
  });
});
