import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { MISSING_POSTGRES, findPostgresBin } from './postgres-bin.mjs';

/**
 * A real PostgreSQL server for the tests: Debian's postgresql package (initdb and pg_ctl) into a
 * temporary directory on a free port, trust authentication on 127.0.0.1 only. As root it runs as
 * the package's `postgres` user (PostgreSQL refuses to run as root).
 */
const run = promisify(execFile);

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
  if (!bin) throw new Error(MISSING_POSTGRES);
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
