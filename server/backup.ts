import { resolve } from 'node:path';
import { failInOneLine } from './one-line';
import { backupSqlite, restoreSqlite } from './store/backup';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` for the SQLite store in DATA_DIR
 * (default ./data); issue 33. With DATABASE_URL set they refuse: PostgreSQL is backed up with
 * pg_dump and restored with pg_restore (docs/deployment.md, "Backups").
 */
const [command, file, ...rest] = process.argv.slice(2);
const script = command === 'restore' ? 'restore' : 'backup';
try {
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length) throw new Error(`name one file: npm run ${script} -- site-backup.db`);
  if (process.env.DATABASE_URL) throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (docs/deployment.md, "Backups")');
  const dataDir = resolve(process.env.DATA_DIR || './data');
  if (command === 'backup') {
    const copy = await backupSqlite(dataDir, file);
    console.log(`backup: wrote ${copy.file} (checked: ${copy.messages} messages, ${copy.subscribers} newsletter sign-ups, schema ${copy.migrations} migrations)`);
  } else {
    const restored = restoreSqlite(dataDir, file);
    console.log(
      `restore: ${restored.file} now holds ${restored.messages} messages, ${restored.subscribers} newsletter sign-ups (checked)` +
        (restored.keptAs ? `; the previous store is kept as ${restored.keptAs}` : ''),
    );
  }
} catch (error) {
  failInOneLine(script, error);
}
