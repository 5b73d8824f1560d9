import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { NUMBER_BIGINTS } from '../../server/store/postgres-store';

/**
 * Reads what a running server stored, from whichever engine it uses: its PostgreSQL database, or
 * its DATA_DIR/site.db (read-only). Write the SQL with `?` placeholders; it runs on both.
 */
export async function storedRows<Row>(server: { dataDir: string; databaseUrl?: string }, sql: string, params: unknown[] = []): Promise<Row[]> {
  return onStore<Row>(server, sql, params, true);
}

/** Changes stored rows (a test setting a deadline in the past), on either engine. */
export async function changeRows(server: { dataDir: string; databaseUrl?: string }, sql: string, params: unknown[] = []): Promise<void> {
  await onStore(server, sql, params, false);
}

async function onStore<Row>(server: { dataDir: string; databaseUrl?: string }, sql: string, params: unknown[], readonly: boolean): Promise<Row[]> {
  if (!server.databaseUrl) {
    const db = new Database(join(server.dataDir, 'site.db'), { readonly });
    try {
      const statement = db.prepare(sql);
      if (!statement.reader) {
        statement.run(...params);
        return [];
      }
      return statement.all(...params) as Row[];
    } finally {
      db.close();
    }
  }
  let n = 0;
  const client = new pg.Client({
    connectionString: server.databaseUrl,
    types: NUMBER_BIGINTS,
  });
  await client.connect();
  try {
    return (await client.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as Row[];
  } finally {
    await client.end();
  }
}
