import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * A real PostgreSQL server for the tests: Debian's postgresql package (initdb and pg_ctl) into a
 * temporary directory on a free port, trust authentication on 127.0.0.1 only. As root it runs as
 * the package's `postgres` user (PostgreSQL refuses to run as root).
 */
const run = promisify(execFile);

export const MISSING_POSTGRES =
  'PostgreSQL not found: install it with `apt-get install postgresql` (Debian/Ubuntu), or set PG_BIN to the directory holding initdb and pg_ctl.';

/** PG_BIN, else the newest /usr/lib/postgresql/<major>/bin that has initdb. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN) {
    if (existsSync(join(env.PG_BIN, 'initdb'))) return env.PG_BIN;
    throw new Error(`PG_BIN=${env.PG_BIN} has no initdb. ${MISSING_POSTGRES}`);
  }
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) if (existsSync(join(root, major, 'bin', 'initdb'))) return join(root, major, 'bin');
  throw new Error(MISSING_POSTGRES);
}

export interface TestPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** A new empty database; its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: sessions are cut), as a database going away does. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
    throw new Error(`running as root, the tests start PostgreSQL as the 'postgres' user, which does not exist. ${MISSING_POSTGRES}`);
  });
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(group.trim()) };
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin();
  const user = await postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'sitecharts-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const as = (command: string, args: string[]) =>
    user ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);

  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']).catch((error: Error) => {
    throw new Error(`initdb failed: ${error.message}`);
  });
  // Throwaway data: no fsync; the socket in the temp directory, TCP on 127.0.0.1 only.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=100`;
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
