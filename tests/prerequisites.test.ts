import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepo, type RepoCopy } from './support/repo-copy';

/**
 * Issue 22, the fresh-clone path: every npm script that needs something the clone lacks (a built
 * site, Chromium, PostgreSQL, the data of a first start, a database that answers) says so in one
 * line that names what to do, exits non-zero, and prints no stack trace. Run in a copy of the
 * checkout with no dist/ and no data/, the way a new developer meets them.
 */
let copy: RepoCopy;
let scratch: string;

beforeAll(() => {
  copy = copyRepo('sitecharts-prereq-');
  scratch = mkdtempSync(join(tmpdir(), 'sitecharts-prereq-data-'));
});

afterAll(() => {
  copy?.remove();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs a command in the copy; `errors` is stderr without npm's own lines (its config warnings, its "npm error" summary). */
interface Ran {
  status: number | null;
  errors: string[];
  output: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return new Promise((done) => {
    execFile(command, args, { cwd: copy.dir, env: { ...process.env, LOG: '0', ...env }, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      const errors = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm '));
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      done({ status, errors, output: `${stdout}\n${stderr}` });
    });
  });
}

/** One line, non-zero exit, no stack trace. */
async function expectOneLine(running: Promise<Ran>, pattern: RegExp) {
  const result = await running;
  expect(result.status, result.output).not.toBe(0);
  expect(result.errors, result.output).toHaveLength(1);
  expect(result.errors[0]).toMatch(pattern);
  expect(result.output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
}

const scripts = () => (JSON.parse(readFileSync(join(copy.dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

// Each case is its own process; they run side by side.
describe.concurrent('a missing prerequisite is one actionable line', { timeout: 120_000 }, () => {
  it('npm run serve with no build says to build first', async () => {
    expect(existsSync(join(copy.dir, 'dist'))).toBe(false);
    await expectOneLine(run('npm', ['run', 'serve']), /^No built site: dist\/client\/index\.html and dist\/server\/main\.js missing in .*\. Run `npm run build` first/);
  });

  it('npm run test:e2e with no build says to build first', async () => {
    await expectOneLine(run('npm', ['run', 'test:e2e']), /^No built site: dist\/client\/index\.html missing in .*\. Run `npm run build` first/);
  });

  it('npm run test:e2e and bench:visitor with no Chromium say how to get one', async () => {
    for (const script of ['test:e2e', 'bench:visitor']) {
      await expectOneLine(run('npm', ['run', script], { CHROME_PATH: '/nowhere/chromium' }), /^CHROME_PATH=\/nowhere\/chromium is not there\. No Chromium found: install it with `apt-get install -y chromium`/);
    }
  });

  it('npm test checks Chromium and PostgreSQL before building, and names PostgreSQL when it is missing', async () => {
    // The steps of `npm test` before its build, run as the script runs them (the whole script would build and test).
    const steps = scripts().test?.split(' && ') ?? [];
    expect(steps.slice(0, 3)).toEqual(['node tests/support/find-chrome.mjs', 'node tests/support/find-postgres.mjs', 'npm run build']);
    expect((await run('node', ['tests/support/find-chrome.mjs'])).status).toBe(0);
    await expectOneLine(run('node', ['tests/support/find-postgres.mjs'], { PG_BIN: '/nowhere/postgresql/bin' }), /^PostgreSQL not found: install it with `apt-get install postgresql`/);
  });

  it('npm run forms:export before the first start says there is no data yet, and creates nothing', async () => {
    const dataDir = join(scratch, 'not-started');
    await expectOneLine(run('npm', ['run', 'forms:export'], { DATA_DIR: dataDir }), /^forms:export: no data yet: .*site\.db does not exist\. The server creates it on its first start \(npm start\)/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('npm run forms:export with a PostgreSQL that does not answer names the database and the reason', async () => {
    await expectOneLine(run('npm', ['run', 'forms:export'], { DATABASE_URL: 'postgres://site:secret@127.0.0.1:1/site' }), /^forms:export: could not prepare the database at DATABASE_URL: .*ECONNREFUSED/);
  });

  it('npm run db:migrate-to-postgres with no DATABASE_URL says what to set', async () => {
    await expectOneLine(run('npm', ['run', 'db:migrate-to-postgres'], { DATA_DIR: scratch, DATABASE_URL: '' }), /^db:migrate-to-postgres: set DATABASE_URL to the PostgreSQL database/);
  });

  it('npm run dev with a bad setting names it', async () => {
    await expectOneLine(run('npm', ['run', 'dev'], { PORT: '70000', DATA_DIR: scratch }), /^dev: PORT must be a whole number from 0 to 65535, got '70000'$/);
  });
});
