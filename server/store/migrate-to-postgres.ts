import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import { SECRET_FILE } from '../forms/captcha';
import { databaseUrlFrom } from '../config';
import { DB_FILE, openStore } from './db';
import { createPool, migratePostgres } from './postgres-store';
import { CAPTCHA_SECRET_SETTING } from './site-store';

/**
 * `npm run db:migrate-to-postgres`: moves a site from its SQLite file (DATA_DIR/site.db) to the
 * PostgreSQL database at DATABASE_URL, in one transaction: settings, messages (with their ids),
 * subscribers, used captcha verifiers, the mail outbox, and the captcha secret file (so pages
 * already handed out still validate). Run it with the site stopped. It refuses a target that
 * already holds messages or subscribers, so a second run cannot duplicate anything.
 */

/** Tables copied, in foreign-key order, with their columns (the same names on both engines). */
const TABLES = [
  { table: 'site_setting', columns: ['key', 'value', 'updated_at'], conflict: 'ON CONFLICT (key) DO NOTHING' },
  { table: 'form_message', columns: ['id', 'form', 'name', 'email', 'fields', 'client', 'created_at', 'mailed_at', 'mail_error'], conflict: '' },
  { table: 'newsletter_subscriber', columns: ['email', 'client', 'created_at', 'confirmed_at', 'link_key', 'confirm_by'], conflict: 'ON CONFLICT ((lower(email))) DO NOTHING' },
  { table: 'captcha_used', columns: ['signature', 'used_at'], conflict: 'ON CONFLICT (signature) DO NOTHING' },
  {
    table: 'mail_outbox',
    columns: ['id', 'message_id', 'notice', 'state', 'attempts', 'next_attempt_at', 'last_error', 'sent_at', 'created_at', 'recipient'],
    conflict: '',
  },
  // Issue 35: the field data's counts (a database that already has a day's row keeps its own).
  { table: 'vitals_bucket', columns: ['day', 'page', 'metric', 'device', 'bucket', 'visits'], conflict: 'ON CONFLICT (day, page, metric, device, bucket) DO NOTHING' },
  { table: 'vitals_target', columns: ['day', 'page', 'metric', 'target', 'visits', 'total'], conflict: 'ON CONFLICT (day, page, metric, target) DO NOTHING' },
  // Issue 51: visitors' problem reports.
  { table: 'problem_report', columns: ['id', 'created_at', 'page', 'words', 'build', 'viewport_width', 'viewport_height', 'device', 'scenario'], conflict: '' },
] as const;

/** Tables whose ids were copied: their identity continues after the highest one. */
const IDENTITIES = ['form_message', 'mail_outbox', 'problem_report'] as const;

export type Copied = Record<(typeof TABLES)[number]['table'], number> & { captchaSecret: boolean };

export async function migrateToPostgres(dataDir: string, databaseUrl: string): Promise<Copied> {
  const file = join(dataDir, DB_FILE);
  if (!existsSync(file)) throw new Error(`no SQLite store at ${file}: set DATA_DIR to the site's data directory.`);
  // Brings an older file up to the current schema first, so every table below exists.
  openStore(dataDir).close();
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  const pool = createPool(databaseUrl, { max: 1 });
  try {
    await migratePostgres(pool);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ n: number }>('SELECT (SELECT COUNT(*) FROM form_message) + (SELECT COUNT(*) FROM newsletter_subscriber) AS n');
      if (Number(rows[0]?.n) > 0) {
        throw new Error('the PostgreSQL database already holds messages or subscribers; nothing was copied. Use an empty database.');
      }
      const copied = { captchaSecret: false } as Copied;
      for (const { table, columns, conflict } of TABLES) copied[table] = await copyTable(sqlite, client, table, columns, conflict);
      for (const table of IDENTITIES) {
        await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT MAX(id) FROM ${table}), 0) + 1, false)`);
      }
      const secretFile = join(dataDir, SECRET_FILE);
      if (existsSync(secretFile)) {
        const saved = await client.query('INSERT INTO site_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
          CAPTCHA_SECRET_SETTING,
          readFileSync(secretFile, 'utf8').trim(),
        ]);
        copied.captchaSecret = saved.rowCount === 1;
      }
      await client.query('COMMIT');
      return copied;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } finally {
    sqlite.close();
    await pool.end();
  }
}

async function copyTable(sqlite: Database.Database, client: pg.PoolClient, table: string, columns: readonly string[], conflict: string): Promise<number> {
  const list = columns.join(', ');
  const insert = `INSERT INTO ${table} (${list}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) ${conflict}`;
  let count = 0;
  for (const row of sqlite.prepare(`SELECT ${list} FROM ${table} ORDER BY rowid`).raw().iterate() as Iterable<unknown[]>) {
    await client.query(insert, row);
    count += 1;
  }
  return count;
}

if (process.argv[1]?.endsWith('migrate-to-postgres.ts')) {
  const dataDir = resolve(process.env.DATA_DIR || './data');
  try {
    const databaseUrl = databaseUrlFrom(process.env.DATABASE_URL);
    if (!databaseUrl) throw new Error('set DATABASE_URL to the PostgreSQL database to move the site into (postgres://user:password@host:5432/database).');
    const copied = await migrateToPostgres(dataDir, databaseUrl);
    console.log(
      `moved ${join(dataDir, DB_FILE)} to PostgreSQL: ${copied.form_message} messages, ${copied.newsletter_subscriber} subscribers, ` +
        `${copied.captcha_used} used verifiers, ${copied.mail_outbox} queued notices, ${copied.site_setting} settings` +
        `${copied.captchaSecret ? ', the captcha secret' : ''}. Start the site with DATABASE_URL set.`,
    );
  } catch (error) {
    console.error(`db:migrate-to-postgres: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
