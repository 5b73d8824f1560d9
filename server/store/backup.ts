import Database from 'better-sqlite3';
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DB_FILE, openStore } from './db';
import { migrations } from './migrations';

/**
 * Issue 33: a consistent copy of the SQLite store while the site serves (SQLite's online backup
 * API, through better-sqlite3), and its restore into a stopped data directory, each checked. The
 * PostgreSQL store is backed up with pg_dump and restored with pg_restore (docs/deployment.md).
 */
export interface BackupSummary {
  file: string;
  messages: number;
  subscribers: number;
  migrations: number;
}

/** Checks a copy: SQLite's integrity check passes and it is this site's schema, not a newer one. */
export function checkCopy(file: string): Omit<BackupSummary, 'file'> {
  const db = namingThePath(file, 'cannot open', () => new Database(file, { readonly: true, fileMustExist: true }));
  try {
    const integrity = namingThePath(file, 'cannot read', () => db.pragma('integrity_check', { simple: true }));
    if (integrity !== 'ok') throw new Error(`${file} failed SQLite's integrity check: ${String(integrity)}`);
    const hasSchema = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migration'").get() !== undefined;
    if (!hasSchema) throw new Error(`${file} is not a sitecharts store (no schema_migration table)`);
    const known = new Set(migrations.map((migration) => migration.version));
    const unknown = (db.prepare('SELECT version FROM schema_migration').pluck().all() as number[]).filter((version) => !known.has(version));
    if (unknown.length) throw new Error(`${file} comes from a newer sitecharts (migrations ${unknown.join(', ')} are unknown here); restore it with that version`);
    const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    return { messages: count('form_message'), subscribers: count('newsletter_subscriber'), migrations: count('schema_migration') };
  } finally {
    db.close();
  }
}

/**
 * What SQLite or the file system says about a file it cannot open or read ("disk I/O error",
 * "unable to open database file") names no path; the operator's one line does (issue 48).
 */
function namingThePath<T>(file: string, what: string, open: () => T): T {
  try {
    return open();
  } catch (error) {
    throw new Error(`${what} ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Copies DATA_DIR/site.db into `file` (mode 0600) while the server may be writing to it. */
export async function backupSqlite(dataDir: string, file: string): Promise<BackupSummary> {
  const source = join(dataDir, DB_FILE);
  if (!existsSync(source)) throw new Error(`no data to back up: ${source} does not exist (set DATA_DIR if the site keeps its data elsewhere)`);
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists; name a new file`);
  if (!statSync(dirname(target), { throwIfNoEntry: false })?.isDirectory()) throw new Error(`cannot write ${target}: ${dirname(target)} is not an existing folder`);
  const db = namingThePath(source, 'cannot open', () => new Database(source, { fileMustExist: true }));
  try {
    db.pragma('busy_timeout = 5000');
    // All pages in one step: the copy is read in one transaction, a snapshot of the moment it
    // started (WAL lets the server go on writing meanwhile); a step interrupted by a write would
    // start again from the first page.
    await db.backup(target, { progress: () => 2 ** 30 });
  } catch (error) {
    rmSync(target, { force: true });
    throw new Error(`cannot write ${target}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    db.close();
  }
  chmodSync(target, 0o600);
  return { file: target, ...checkCopy(target) };
}

/**
 * Restores `file` as DATA_DIR/site.db. The server must be stopped: a store still open elsewhere
 * is refused (leaving WAL mode needs the only connection). The current store is kept beside it
 * as site.db.before-restore-<time>, and the restored one is brought up to this version's schema.
 */
export function restoreSqlite(dataDir: string, file: string, now = new Date()): BackupSummary & { keptAs?: string } {
  const source = resolve(file);
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  checkCopy(source);
  const target = join(dataDir, DB_FILE);
  let keptAs: string | undefined;
  if (existsSync(target)) {
    assertNotInUse(target);
    keptAs = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAs);
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  }
  copyFileSync(source, target);
  chmodSync(target, 0o600);
  openStore(dataDir).close();
  return { file: target, ...checkCopy(target), keptAs };
}

function assertNotInUse(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    let mode: unknown;
    try {
      mode = db.pragma('journal_mode = DELETE', { simple: true });
    } catch {
      mode = 'busy';
    }
    if (mode !== 'delete') throw new Error(`${file} is open in another process: stop the server first (nothing was restored)`);
  } finally {
    db.close();
  }
}
