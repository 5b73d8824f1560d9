import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isSearchable, queryOf } from '../../machines/ajax-search/ajax-search.rules';
import type { Store } from '../store/db';
import { readPage, type IndexedPage } from './text';

/**
 * The site's full-text index: SQLite FTS5 (already in the store, no second engine to run) with
 * bm25 ranking, titles weighted above body text. Built at server start from the prerendered HTML
 * in dist/client, so the index always matches the pages being served.
 */

/** §7 reference notes: the live search answers at most 5 entries. */
export const LIVE_LIMIT = 5;
/** The /search/ page lists this many at most. */
export const PAGE_LIMIT = 50;
/** About 70 characters of text around the first match. */
export const EXCERPT_CHARS = 70;
/** Longer queries are cut; more terms add nothing but cost. */
const MAX_QUERY_CHARS = 200;
const MAX_TERMS = 8;
/**
 * bm25 column weights: path and type are not searched; a title hit counts 8 times a body hit. Set
 * as the table's rank function, so `ORDER BY rank LIMIT n` lets FTS5 rank only what it returns.
 */
const RANK_FUNCTION = 'bm25(0, 0, 8.0, 1.0)';

export interface SearchHit {
  path: string;
  type: string;
  title: string;
  excerpt: string;
}

export function replaceIndex(store: Store, pages: readonly IndexedPage[]): void {
  const insert = store.prepare('INSERT INTO search_page (path, type, title, body) VALUES (?, ?, ?, ?)');
  store.transaction(() => {
    store.exec('DELETE FROM search_page');
    store.prepare("INSERT INTO search_page (search_page, rank) VALUES ('rank', ?)").run(RANK_FUNCTION);
    for (const page of pages) insert.run(page.path, page.type, page.title, page.body);
  })();
}

/** Every prerendered page under `staticDir` (index.html files; the 404 page is not content). */
export async function readBuiltPages(staticDir: string): Promise<IndexedPage[]> {
  const files = await readdir(staticDir, { recursive: true }).catch(() => [] as string[]);
  const pages: IndexedPage[] = [];
  for (const file of files) {
    if (!file.endsWith('index.html')) continue;
    const rel = relative(staticDir, join(staticDir, file)).split(sep).join('/');
    const path = `/${rel.slice(0, -'index.html'.length)}`;
    const page = readPage(path, await readFile(join(staticDir, file), 'utf8'));
    if (page) pages.push(page);
  }
  return pages;
}

/** The visitor's words as an FTS5 query: each word quoted (no operators get through) and prefix-matched. */
export function ftsQuery(text: string): string {
  const terms = queryOf(text).slice(0, MAX_QUERY_CHARS).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return terms
    .slice(0, MAX_TERMS)
    .map((term) => `"${term}"*`)
    .join(' ');
}

export function search(store: Store, text: string, limit: number): SearchHit[] {
  if (!isSearchable(queryOf(text))) return [];
  const match = ftsQuery(text);
  if (match === '') return [];
  const rows = store
    .prepare(`SELECT path, type, title, body FROM search_page WHERE search_page MATCH ? ORDER BY rank LIMIT ?`)
    .all(match, limit) as Array<{ path: string; type: string; title: string; body: string }>;
  return rows.map((row) => ({ path: row.path, type: row.type, title: row.title, excerpt: excerpt(row.body, text) }));
}

/** About 70 characters of the body around the first word of the query found in it, cut at word ends. */
export function excerpt(body: string, query: string, size = EXCERPT_CHARS): string {
  const lower = body.toLowerCase();
  const terms = queryOf(query).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const found = terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0);
  const at = found.length > 0 ? Math.min(...found) : 0;
  let start = Math.max(0, at - Math.floor(size / 4));
  if (start > 0) {
    const space = body.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  let end = Math.min(body.length, start + size);
  if (end < body.length) {
    const space = body.lastIndexOf(' ', end);
    end = space > start + size / 2 ? space : end;
  }
  return `${start > 0 ? '…' : ''}${body.slice(start, end).trim()}${end < body.length ? '…' : ''}`;
}

/** Groups hits by type, types in the order of their best hit. */
export function groupByType(hits: readonly SearchHit[]): Array<{ type: string; hits: SearchHit[] }> {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) groups.set(hit.type, [...(groups.get(hit.type) ?? []), hit]);
  return [...groups].map(([type, list]) => ({ type, hits: list }));
}
