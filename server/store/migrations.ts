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
  // Issue 3 (forms and search): versions 100-199.
  {
    version: 100,
    name: 'form messages, newsletter subscribers, used captchas',
    sql: `CREATE TABLE form_message (
      id INTEGER PRIMARY KEY,
      form TEXT NOT NULL,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      fields TEXT NOT NULL,
      client TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      mailed_at TEXT,
      mail_error TEXT
    ) STRICT;
    CREATE TABLE newsletter_subscriber (
      email TEXT PRIMARY KEY COLLATE NOCASE,
      client TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT;
    CREATE TABLE captcha_used (
      signature TEXT PRIMARY KEY,
      used_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT;`,
  },
  {
    version: 101,
    name: 'search index (FTS5)',
    sql: `CREATE VIRTUAL TABLE search_page USING fts5(path UNINDEXED, type UNINDEXED, title, body, tokenize = 'unicode61 remove_diacritics 2');`,
  },
  {
    // Issue 15: the index lives in memory, saved per build in DATA_DIR/search-index (server/search/persist.ts).
    version: 102,
    name: 'search index leaves the store',
    sql: `DROP TABLE IF EXISTS search_page;`,
  },
];
