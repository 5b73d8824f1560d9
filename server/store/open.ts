import type { Store } from './db';
import { openPostgresStore } from './postgres-store';
import type { SiteStore } from './site-store';
import { sqliteSiteStore } from './sqlite-store';

/**
 * The shared store this instance uses: PostgreSQL when DATABASE_URL is set, else the SQLite file
 * the instance already opened (DATA_DIR/site.db).
 */
export async function openSiteStore(databaseUrl: string | undefined, local: Store, log: (message: string) => void): Promise<SiteStore> {
  return databaseUrl ? openPostgresStore(databaseUrl, { log }) : sqliteSiteStore(local);
}
