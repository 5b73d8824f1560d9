import type { IndexedPage } from './text';

/**
 * The site's full-text index, in memory: a sorted vocabulary and one postings list per word (the
 * pages it is in, with its weighted frequency there). A query word is a prefix (typed as you go),
 * so it covers a range of the sorted vocabulary, found by binary search. Pages are ranked with
 * Okapi BM25 exactly as SQLite FTS5's bm25() ranked them before (issue 15: same relevance), but
 * only the pages that match every word are scored, and only the best `limit` are sorted: FTS5
 * scored every matching row for each query (13-17 ms for a word on every page of 10,000).
 */

/** BM25 parameters, FTS5's. */
const K1 = 1.2;
const B = 0.75;
/** A title word counts 8 times a body word (the weights FTS5's bm25(0, 0, 8.0, 1.0) gave). */
export const TITLE_WEIGHT = 8;
export const BODY_WEIGHT = 1;
/** Longer queries are cut; more words add nothing but cost. */
const MAX_QUERY_CHARS = 200;
export const MAX_TERMS = 8;

/** What the index holds; plain data and typed arrays, so that it saves and loads as it is (persist.ts). */
export interface InvertedIndex {
  pages: IndexedPage[];
  /** Every word of every page, sorted (code unit order). */
  vocabulary: string[];
  /** Postings of vocabulary[k] are at offsets[k] .. offsets[k + 1] - 1, page ids ascending. */
  offsets: Uint32Array;
  postingPage: Uint32Array;
  /** TITLE_WEIGHT × count in the title + BODY_WEIGHT × count in the body. */
  postingFreq: Uint32Array;
  /** Words in each page (title and body). */
  pageLength: Uint32Array;
  averageLength: number;
}

/**
 * Words as FTS5's unicode61 tokenizer (remove_diacritics 2) sees them: runs of letters and digits,
 * lower case, accents removed, so "Café" is found by "cafe".
 */
export function words(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The visitor's words: at most MAX_TERMS of them, each taken as a prefix. */
export function queryTerms(text: string): string[] {
  return words(text.slice(0, MAX_QUERY_CHARS)).slice(0, MAX_TERMS);
}

export function buildIndex(pages: readonly IndexedPage[]): InvertedIndex {
  const postings = new Map<string, number[]>(); // word -> [page, freq, page, freq, …]
  const pageLength = new Uint32Array(pages.length);
  let total = 0;
  pages.forEach((page, id) => {
    const counts = new Map<string, number>();
    const title = words(page.title);
    const body = words(page.body);
    for (const word of title) counts.set(word, (counts.get(word) ?? 0) + TITLE_WEIGHT);
    for (const word of body) counts.set(word, (counts.get(word) ?? 0) + BODY_WEIGHT);
    for (const [word, freq] of counts) {
      const list = postings.get(word);
      if (list) list.push(id, freq);
      else postings.set(word, [id, freq]);
    }
    pageLength[id] = title.length + body.length;
    total += title.length + body.length;
  });
  const vocabulary = [...postings.keys()].sort();
  const offsets = new Uint32Array(vocabulary.length + 1);
  let size = 0;
  vocabulary.forEach((word, k) => {
    offsets[k] = size;
    size += (postings.get(word)?.length ?? 0) / 2;
  });
  offsets[vocabulary.length] = size;
  const postingPage = new Uint32Array(size);
  const postingFreq = new Uint32Array(size);
  vocabulary.forEach((word, k) => {
    const list = postings.get(word) ?? [];
    const at = offsets[k] ?? 0;
    for (let i = 0; i < list.length; i += 2) {
      postingPage[at + i / 2] = list[i] ?? 0;
      postingFreq[at + i / 2] = list[i + 1] ?? 0;
    }
  });
  return { pages: [...pages], vocabulary, offsets, postingPage, postingFreq, pageLength, averageLength: pages.length > 0 ? total / pages.length : 0 };
}

/** First index in the sorted vocabulary whose word is >= `word`. */
function lowerBound(vocabulary: readonly string[], word: string): number {
  let lo = 0;
  let hi = vocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((vocabulary[mid] as string) < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The vocabulary range of the words that start with `prefix`. */
export function prefixRange(vocabulary: readonly string[], prefix: string): [number, number] {
  const from = lowerBound(vocabulary, prefix);
  // Every word with this prefix sorts before the prefix followed by the highest code unit.
  const to = lowerBound(vocabulary, `${prefix}\uffff`);
  return [from, to];
}

/** Scratch arrays, one set per index, reused by every query (the server answers one at a time). */
interface Scratch {
  freq: Float64Array;
  score: Float64Array;
  matched: Uint8Array;
}
const scratches = new WeakMap<InvertedIndex, Scratch>();

function scratchOf(index: InvertedIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    const n = index.pages.length;
    scratch = { freq: new Float64Array(n), score: new Float64Array(n), matched: new Uint8Array(n) };
    scratches.set(index, scratch);
  }
  return scratch;
}

/**
 * The ids of the best `limit` pages that contain every query word (as a prefix), best first; ties
 * in page order. A word counts once per query position, as FTS5 counted each phrase.
 */
export function query(index: InvertedIndex, terms: readonly string[], limit: number): number[] {
  if (terms.length === 0 || limit <= 0 || index.pages.length === 0) return [];
  const { freq, score, matched } = scratchOf(index);
  const { offsets, postingPage, postingFreq, pageLength, averageLength } = index;
  const n = index.pages.length;
  let candidates: number[] = [];
  let first: number[] = [];
  try {
    for (let t = 0; t < terms.length; t++) {
      const [from, to] = prefixRange(index.vocabulary, terms[t] as string);
      // This word's frequency in each page that has it (summed over the words it is a prefix of).
      const touched: number[] = [];
      for (let k = from; k < to; k++) {
        for (let p = offsets[k] as number, end = offsets[k + 1] as number; p < end; p++) {
          const page = postingPage[p] as number;
          if (freq[page] === 0) touched.push(page);
          freq[page] = (freq[page] as number) + (postingFreq[p] as number);
        }
      }
      if (t === 0) first = touched;
      // FTS5's idf, floored at a millionth so that a word on every page still counts a little.
      const idf = Math.max(1e-6, Math.log((n - touched.length + 0.5) / (touched.length + 0.5)));
      const next: number[] = [];
      for (const page of touched) {
        const f = freq[page] as number;
        freq[page] = 0;
        if (matched[page] !== t) continue; // missed an earlier word
        matched[page] = t + 1;
        score[page] = (score[page] as number) + (idf * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * (pageLength[page] as number)) / averageLength));
        next.push(page);
      }
      candidates = next;
      if (candidates.length === 0) break;
    }
    return best(candidates.filter((page) => matched[page] === terms.length), score, limit);
  } finally {
    // Every page a later word reached was reached by the first word too.
    for (const page of first) {
      score[page] = 0;
      matched[page] = 0;
    }
  }
}

/** The `limit` highest scores, best first, ties by page id, without sorting all of them. */
function best(pages: readonly number[], score: Float64Array, limit: number): number[] {
  const better = (a: number, b: number) => (score[a] as number) > (score[b] as number) || (score[a] === score[b] && a < b);
  const top: number[] = [];
  for (const page of pages) {
    if (top.length === limit && !better(page, top[limit - 1] as number)) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    if (top.length < limit) top.push(page);
    while (at > 0 && better(page, top[at - 1] as number)) {
      top[at] = top[at - 1] as number;
      at--;
    }
    top[at] = page;
  }
  return top;
}
