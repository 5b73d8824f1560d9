import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * Starts the real server, by default from its TypeScript source (so unit suites need no build;
 * `command` runs another, e.g. the compiled production server), on a free port with a temporary
 * DATA_DIR, and resolves once it prints its address. In the `postgres` test project
 * (tests/support/postgres-setup.ts) each DATA_DIR gets its own database on the shared test
 * PostgreSQL, passed as DATABASE_URL: a restart with the same DATA_DIR finds the same data.
 */
export const ROOT = resolve(import.meta.dirname, '../..');

/** The server from source, through tsx's loader (what the tests run). */
export const SOURCE_COMMAND: readonly string[] = [process.execPath, '--import', 'tsx', 'server/main.ts'];
/** The documented production command: node on the compiled server (`npm run build` writes it). */
export const PRODUCTION_COMMAND: readonly string[] = [process.execPath, 'dist/server/main.js'];

export interface RunningServer {
  url: string;
  /** The provider sandbox started beside the site (its own origin); undefined when PROVIDER_URL names a real provider. */
  providerUrl?: string;
  dataDir: string;
  /** The PostgreSQL database the server stores into; undefined: DATA_DIR/site.db. */
  databaseUrl?: string;
  process: ChildProcess;
  /** What the server wrote to stderr so far (warnings print there when LOG=0). */
  stderr(): string;
  /** /metrics when METRICS_ADDRESS was set (the line the server prints). */
  metricsUrl?: string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  /** The program and its arguments; SOURCE_COMMAND unless given. */
  command?: readonly string[];
  /** How long it may take to print its address (60 s unless given; `npm run dev` renders the site first). */
  startTimeoutMs?: number;
  /** Where to run it; ROOT unless given. */
  cwd?: string;
}

export async function startSiteServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sitecharts-data-'));
  const databaseUrl = options.env?.DATABASE_URL ?? (await databaseFor(dataDir));
  const [program = process.execPath, ...args] = options.command ?? SOURCE_COMMAND;
  const child = spawn(program, args, {
    cwd: options.cwd ?? ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      PROVIDER_SANDBOX_PORT: '0',
      DATA_DIR: dataDir,
      LOG: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let providerUrl: string | undefined;
  let metricsUrl: string | undefined;
  const url = await new Promise<string>((resolveUrl, reject) => {
    const limit = options.startTimeoutMs ?? 60_000;
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${limit / 1000} s:\n${stderr}`)), limit);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const sandbox = /provider sandbox listening on (http:\/\/\S+)/.exec(line);
      if (sandbox?.[1]) {
        providerUrl = sandbox[1];
        return;
      }
      const metrics = /sitecharts metrics at (http:\/\/\S+)/.exec(line);
      if (metrics?.[1]) {
        metricsUrl = metrics[1];
        return;
      }
      const match = /listening on (https?:\/\/\S+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    url,
    providerUrl,
    dataDir,
    databaseUrl,
    process: child,
    stderr: () => stderr,
    metricsUrl,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** The test PostgreSQL's admin URL in the `postgres` project; undefined elsewhere (and outside a test worker). */
export function testPostgresUrl(): string | undefined {
  try {
    return inject('postgresUrl') || undefined;
  } catch {
    return undefined;
  }
}

/** One database per DATA_DIR on the test PostgreSQL, created on first use. */
async function databaseFor(dataDir: string): Promise<string | undefined> {
  const admin = testPostgresUrl();
  if (!admin) return undefined;
  const name = `site_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
