import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Visitors' data stays private to the server's user whatever the umask (issue 17): the data
 * directory is 0700 and site.db with its WAL and shared-memory files, and the captcha secret, are
 * 0600. site.db is created 0600 before SQLite opens it, because SQLite gives the -wal and -shm
 * files it creates later the database file's own mode; files an older version left readable are
 * narrowed on every start.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The data directory's files that hold visitors' data or secrets. */
export const PRIVATE_FILES = ['site.db', 'site.db-wal', 'site.db-shm', 'site.db-journal', 'captcha-secret'] as const;

export function protectDataDir(dataDir: string, databaseFile = 'site.db'): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dataDir, PRIVATE_DIR_MODE);
  const database = join(dataDir, databaseFile);
  // 'a' creates an empty file (a valid new SQLite database) and never truncates an existing one.
  if (!existsSync(database)) closeSync(openSync(database, 'a', PRIVATE_FILE_MODE));
  for (const name of PRIVATE_FILES) {
    const file = join(dataDir, name);
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
