/**
 * §7 Masonry load-more and the reference notes: the protocol both sides share (the marker, the
 * request fields and their checks, the items + 1 sentinel) and the grid's pure view rules.
 */

/** §7: the server prefixes its HTML with this marker; anything before it is dropped. */
export const LOADED_MARKER = '{av-masonry-loaded}';
/** §7: the ajax action name. */
export const LOAD_MORE_ACTION = 'avia_ajax_masonry_more';
/** The most items one request may ask for (the server's guard against a huge page). */
export const MAX_ITEMS_PER_LOAD = 50;

export interface Brick {
  id: string;
  /** Filter categories (slugs). */
  categories: string[];
  /** ISO date, for sorting. */
  date: string;
  title: string;
  /** The brick's HTML when it came from a load-more answer; bricks on the page use their slot. */
  html?: string;
}

export type MasonrySort = 'newest' | 'oldest' | 'title';
export const SORTS: readonly MasonrySort[] = ['newest', 'oldest', 'title'];
export const ALL_FILTER = 'all';

/** The HTML after the marker, or null when the answer has no marker (§8: treated as finished). */
export function htmlAfterMarker(text: string): string | null {
  const at = text.indexOf(LOADED_MARKER);
  return at === -1 ? null : text.slice(at + LOADED_MARKER.length);
}

/**
 * The server sends up to items + 1 bricks: more than `items` back means more exist, and the extra
 * one is dropped; otherwise the button gets its no-more-items state.
 */
export function takePage<T>(received: readonly T[], items: number): { added: T[]; more: boolean } {
  return received.length > items ? { added: received.slice(0, items), more: true } : { added: [...received], more: false };
}

export function matchesFilter(brick: Brick, filter: string): boolean {
  return filter === ALL_FILTER || brick.categories.includes(filter);
}

/**
 * One collator for every title comparison. `a.localeCompare(b, 'en')` looked the locale up again at
 * each call: the grid's first state drawn on /news/ spent 15 ms unthrottled (about 60 at 4x)
 * sorting its bricks, the most of a task of 59-105 ms (issue 49, goal 2). Made at first use.
 */
let titles: Intl.Collator | undefined;
/** ISO dates order as their text does: no collation needed. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The bricks in display order for a sort (ties keep their page order). */
export function sortBricks(bricks: readonly Brick[], sort: MasonrySort): Brick[] {
  const sorted = [...bricks];
  if (sort === 'title') {
    const collator = (titles ??= new Intl.Collator('en'));
    sorted.sort((a, b) => collator.compare(a.title, b.title));
  } else sorted.sort((a, b) => (sort === 'newest' ? byText(b.date, a.date) : byText(a.date, b.date)));
  return sorted;
}

/** How many bricks each filter shows (reference notes: filter counts update after a load). */
export function filterCounts(bricks: readonly Brick[], filters: readonly string[]): Record<string, number> {
  return Object.fromEntries(filters.map((f) => [f, bricks.filter((b) => matchesFilter(b, f)).length]));
}

export interface LoadMoreRequest {
  items: number;
  offset: number;
  /** Ids already shown: the server leaves them out. */
  loaded: string[];
  /** The button's other data (here: which collection). */
  collection: string;
}

/** The url-encoded fields of one request: action, items, offset, loaded[] and the button's data. */
export function requestFields(request: LoadMoreRequest): URLSearchParams {
  const fields = new URLSearchParams({
    action: LOAD_MORE_ACTION,
    items: String(request.items),
    offset: String(request.offset),
    collection: request.collection,
  });
  for (const id of request.loaded) fields.append('loaded[]', id);
  return fields;
}

type Fields = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter((v) => v !== '');

/** The server's check of a request (docs/design.md invariant 6): a request, or the reason it is refused. */
export function parseLoadMoreRequest(body: Fields): { ok: true; request: LoadMoreRequest } | { ok: false; message: string } {
  const itemsText = one(body.items);
  const offsetText = one(body.offset) ?? '0';
  if (itemsText === undefined || !/^\d+$/.test(itemsText)) return { ok: false, message: 'items must be a whole number.' };
  const items = Number(itemsText);
  if (items < 1 || items > MAX_ITEMS_PER_LOAD) return { ok: false, message: `items must be from 1 to ${MAX_ITEMS_PER_LOAD}.` };
  if (!/^\d+$/.test(offsetText)) return { ok: false, message: 'offset must be a whole number, 0 or more.' };
  const loaded = list(body['loaded[]'] ?? body.loaded);
  if (loaded.some((id) => !/^[\w-]{1,64}$/.test(id))) return { ok: false, message: 'loaded must list item ids (letters, digits, - and _).' };
  if (loaded.length > 1000) return { ok: false, message: 'loaded lists too many ids.' };
  const collection = one(body.collection) ?? '';
  if (!/^[\w-]{1,40}$/.test(collection)) return { ok: false, message: 'collection must name the grid’s collection.' };
  return { ok: true, request: { items, offset: Number(offsetText), loaded, collection } };
}

/**
 * The server's page: entries in the grid's order, without the loaded ones, items + 1 of them.
 * The loaded ids already exclude what is shown, so the offset is not applied a second time.
 */
export function selectPage<T extends { id: string }>(entries: readonly T[], request: LoadMoreRequest): T[] {
  const loaded = new Set(request.loaded);
  return entries.filter((entry) => !loaded.has(entry.id)).slice(0, request.items + 1);
}
