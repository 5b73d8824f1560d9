/**
 * §4, §5 Ajax search: the pure rules the search machine and the server share, and the shape of an
 * answer once the widget has read the server's HTML.
 */

/** §5, §9: a search starts only with at least 3 characters. */
export const MIN_QUERY_LENGTH = 3;
/** §7: an answer of "0" means empty. */
export const EMPTY_ANSWER = '0';
/** §7: the ajax action of the live search. */
export const SEARCH_ACTION = 'avia_ajax_search';

export interface SearchEntry {
  href: string;
  title: string;
  /** About 70 characters of the page's text around the match, or a date. */
  excerpt: string;
}

export interface SearchGroup {
  type: string;
  entries: SearchEntry[];
}

export interface SearchResults {
  groups: SearchGroup[];
  /** The not-found entry's text, when nothing matched. */
  notFound: string | null;
  /** The "View all results" link. */
  viewAll: SearchEntry | null;
}

/** The text a search is made with: surrounding whitespace never counts. */
export function queryOf(value: string): string {
  return value.trim();
}

export function isSearchable(query: string): boolean {
  return [...query].length >= MIN_QUERY_LENGTH;
}

/** Every option the visitor can move to with the arrow keys, in order: the entries, then "View all results". */
export function optionsOf(results: SearchResults | null): SearchEntry[] {
  if (!results) return [];
  const entries = results.groups.flatMap((group) => group.entries);
  return results.viewAll ? [...entries, results.viewAll] : entries;
}

/** A miss: the server found nothing (a not-found entry, or the empty answer). */
export function isMiss(results: SearchResults | null): boolean {
  return results === null || (results.groups.length === 0 && results.notFound !== null) || optionsOf(results).length === 0;
}

/**
 * Reference notes, Ajax search: after a miss, text that still contains the missed text cannot
 * match either, so no request is made.
 */
export function isStillTypingPastMiss(query: string, lastSearch: string, lastWasMiss: boolean): boolean {
  return lastWasMiss && lastSearch !== '' && query.includes(lastSearch);
}

/** Arrow keys wrap around the options; -1 is "none active" (the field itself). */
export function nextIndex(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
