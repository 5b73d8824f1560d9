import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where the server suite finds PostgreSQL's initdb and pg_ctl (Debian's postgresql package). */
export const MISSING_POSTGRES =
  'PostgreSQL not found: install it with `apt-get install postgresql` (Debian/Ubuntu), or set PG_BIN to the directory holding initdb and pg_ctl.';

/**
 * PG_BIN, else the newest /usr/lib/postgresql/<major>/bin that has initdb; undefined when neither.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | undefined}
 */
export function findPostgresBin(env = process.env) {
  if (env.PG_BIN) return existsSync(join(env.PG_BIN, 'initdb')) ? env.PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) if (existsSync(join(root, major, 'bin', 'initdb'))) return join(root, major, 'bin');
  return undefined;
}
