/**
 * The store's schema, one step per version. A step is never edited once released: add a new one.
 * Feature issues append their tables here (forms, subscribers, search index, news items).
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'site settings',
    sql: `CREATE TABLE site_setting (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT;`,
  },
];
