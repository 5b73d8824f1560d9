import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations as defaultMigrations, type Migration } from './migrations';

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
  const applied = new Set(db.prepare('SELECT version FROM schema_migration').pluck().all() as number[]);
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migration (version, name) VALUES (?, ?)').run(migration.version, migration.name);
    })();
    ran.push(migration.version);
  }
  return ran;
}
