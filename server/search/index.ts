import { isSearchable, queryOf } from '../../machines/ajax-search/ajax-search.rules';
import { NO_SYNONYMS, query, queryTerms, warmUpQueries, warmUpSteps, type InvertedIndex, type Synonyms } from './inverted';

/**
 * The site's search: the in-memory inverted index of the built pages (inverted.ts; saved per
 * build, persist.ts), ranked titles first, whole words before prefixes, then BM25 (inverted.ts),
 * with the site's synonyms (synonyms.ts), and the answer's entries.
 */

/** §7 reference notes: the live search answers at most 5 entries. */
export const LIVE_LIMIT = 5;
/** The /search/ page lists this many at most. */
export const PAGE_LIMIT = 50;
/** About 70 characters of text around the first match. */
export const EXCERPT_CHARS = 70;

export interface SearchHit {
  path: string;
  type: string;
  title: string;
  excerpt: string;
}

/** The best `limit` pages for the visitor's words: every word must match (as a prefix, or a synonym), best first. */
export function search(index: InvertedIndex, text: string, limit: number, synonyms: Synonyms = NO_SYNONYMS): SearchHit[] {
  if (!isSearchable(queryOf(text))) return [];
  return query(index, queryTerms(queryOf(text)), limit, synonyms).map((id) => {
    const page = index.pages[id];
    return { path: page?.path ?? '', type: page?.type ?? '', title: page?.title ?? '', excerpt: excerpt(page?.body ?? '', text, EXCERPT_CHARS, synonyms) };
  });
}

/**
 * Issue 47: makes at start what the first queries would make (warmUpSteps, inverted.ts), then ranks
 * warmUpQueries as the live search and the results page would, two rounds; one step a turn of the
 * event loop, so that a visitor's request waits for one step at most. Resolves with the number of
 * steps run; a step that throws ends the warm-up with a warning, never the server.
 */
export function warmSearch(index: InvertedIndex, synonyms: Synonyms = NO_SYNONYMS, warn: (message: string) => void = console.warn): Promise<number> {
  const queries = warmUpQueries(index);
  const steps = [
    ...warmUpSteps(index),
    // The ranking alone: no page's text is read (a swapped build's old file may be closed meanwhile).
    ...[1, 2].flatMap(() => queries.flatMap((terms) => [LIVE_LIMIT, PAGE_LIMIT].map((limit) => () => void query(index, terms, limit, synonyms)))),
  ];
  return new Promise((done) => {
    let at = 0;
    const next = () => {
      if (at >= steps.length) return done(at);
      try {
        (steps[at++] as () => void)();
      } catch (error) {
        // Never the server's end: the queries then make what they need as they come.
        warn(`the search's warm-up stopped at step ${at} of ${steps.length}: ${String(error)}`);
        return done(at - 1);
      }
      setImmediate(next);
    };
    setImmediate(next);
  });
}

/** About 70 characters of the body around the first word of the query (or a synonym of one) found in it, cut at word ends. */
export function excerpt(body: string, query: string, size = EXCERPT_CHARS, synonyms: Synonyms = NO_SYNONYMS): string {
  const lower = body.toLowerCase();
  const typed = queryOf(query).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...typed, ...queryTerms(query).flatMap((term) => synonyms.get(term) ?? [])];
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
