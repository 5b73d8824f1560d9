import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations as defaultMigrations, stepSql, type Migration } from './migrations';

/**
 * This instance's own SQLite database (DATA_DIR/site.db): the search index always, and with no
 * DATABASE_URL also everything the forms store (server/store/site-store.ts wraps it).
 */
export type Store = Database.Database;

export const DB_FILE = 'site.db';

/**
 * Opens (creating on first start) DATA_DIR/site.db in WAL mode with synchronous=FULL, so an
 * answered write survives a crash, and brings the schema up to date inside one transaction per step.
 */
export function openStore(dataDir: string, migrations: readonly Migration[] = defaultMigrations): Store {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

export function migrate(db: Store, migrations: readonly Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`);
  const isApplied = db.prepare('SELECT 1 FROM schema_migration WHERE version = ?').pluck();
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    // IMMEDIATE takes the write lock first, and the step is looked up again under it: a second
    // process opening the same file at the same moment waits (busy_timeout) and then skips the step.
    const applied = db
      .transaction(() => {
        if (isApplied.get(migration.version) !== undefined) return false;
        db.exec(stepSql(migration, 'sqlite'));
        db.prepare('INSERT INTO schema_migration (version, name) VALUES (?, ?)').run(migration.version, migration.name);
        return true;
      })
      .immediate();
    if (applied) ran.push(migration.version);
  }
  return ran;
}
