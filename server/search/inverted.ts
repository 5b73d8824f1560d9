import type { IndexedPage } from './text';
import { WordTable } from './word-table';

/**
 * The site's full-text index, in memory: a sorted vocabulary and one postings list per word (the
 * pages it is in, with its weighted frequency there and how often it is in the title). A query
 * word is a prefix (typed as you go), so it covers a range of the sorted vocabulary, found by
 * binary search; a word the site or the engine declares synonyms for (synonyms.ts) also matches
 * those words, whole. Only the pages that match every word are scored, and only the best `limit`
 * are sorted: FTS5 scored every matching row for each query (13-17 ms for a word on every page of
 * 10,000).
 *
 * Ranking (issue 47, goal 5), the first difference decides:
 * 1. how many of the query's words are in the page's title (whole or as a prefix);
 * 2. how many are whole words where they matched best (in the title when there, else in the body),
 *    not only the start of a longer word: `story 77` puts "Archive story 77" before "Archive story
 *    7721";
 * 3. whether the query names the whole title (every word of the title is matched);
 * 4. Okapi BM25, exactly as SQLite FTS5's bm25() scored it before (issue 15), title words weighing 8;
 * 5. page order.
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
  /** The count in the title alone (at most 255). */
  postingTitle: Uint8Array;
  /** Words in each page (title and body). */
  pageLength: Uint32Array;
  /** Words in each page's title. */
  titleLength: Uint32Array;
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

/**
 * Issue 35 (a first start at 100,000 pages): words are counted by id (word-table.ts), each page's
 * (word, frequency) pairs go into one growing typed array, and the postings are laid out from
 * those in one pass, so that building makes no per-word arrays and no per-page maps. The result is
 * the same index as counting with maps did, array for array.
 */
export function buildIndex(pages: readonly IndexedPage[]): InvertedIndex {
  return layOut(pages, [countWords(pages)]);
}

/** The words of a run of pages, counted: what each part of a build does on its own (build.ts runs parts side by side). */
export interface CountedWords {
  /** This part's words, by this part's ids. */
  words: string[];
  /** Word id, weighted frequency, count in the title; page after page. */
  pairs: Uint32Array;
  /** Where each page's pairs end. */
  pageEnd: Uint32Array;
  /** Words in each page (title and body). */
  pageLength: Uint32Array;
  /** Words in each page's title. */
  titleLength: Uint32Array;
}

export function countWords(pages: ReadonlyArray<Pick<IndexedPage, 'title' | 'body'>>): CountedWords {
  const counter = wordCounter();
  for (const page of pages) counter.add(page);
  return counter.counted();
}

/**
 * countWords one page at a time, so that a build can let each page's text go once it is counted
 * (build.ts: at 100,000 pages, keeping every page's text until the end made the garbage collector
 * copy 450 MB of strings into its old space).
 */
export function wordCounter(): { add(page: Pick<IndexedPage, 'title' | 'body'>): void; counted(): CountedWords } {
  const table = new WordTable(words);
  let lastPage = new Int32Array(1 << 12).fill(-1); // the page that last counted each word id
  let count = new Uint32Array(1 << 12); // each word id's frequency on that page
  let pairs = new Uint32Array(1 << 16);
  let pairEnd = 0;
  let pageEnd = new Uint32Array(1 << 10);
  let pageLength = new Uint32Array(1 << 10);
  let titleLength = new Uint32Array(1 << 10);
  let inTitle = new Uint32Array(1 << 12); // each word id's count in this page's title
  const onPage: number[] = [];
  let page = 0;
  let weight = TITLE_WEIGHT;
  const count1 = (id: number) => {
    if (id >= lastPage.length) {
      lastPage = grown(lastPage, id, -1);
      count = grown(count, id, 0);
    }
    if (lastPage[id] !== page) {
      lastPage[id] = page;
      count[id] = 0;
      onPage.push(id);
    }
    count[id] = (count[id] as number) + weight;
  };
  return {
    add({ title, body }) {
      if (page >= pageEnd.length) {
        pageEnd = grown(pageEnd, page, 0);
        pageLength = grown(pageLength, page, 0);
        titleLength = grown(titleLength, page, 0);
      }
      onPage.length = 0;
      weight = TITLE_WEIGHT;
      const length = table.scan(title, count1);
      // Only the title's words are counted yet: their counts in it.
      if (count.length > inTitle.length) inTitle = grown(inTitle, count.length - 1, 0);
      for (const id of onPage) inTitle[id] = (count[id] as number) / TITLE_WEIGHT;
      const titleWords = onPage.length;
      weight = BODY_WEIGHT;
      pageLength[page] = length + table.scan(body, count1);
      titleLength[page] = length;
      if (pairEnd + onPage.length * PAIR > pairs.length) pairs = grown(pairs, pairEnd + onPage.length * PAIR, 0);
      onPage.forEach((id, i) => {
        pairs[pairEnd++] = id;
        pairs[pairEnd++] = count[id] as number;
        pairs[pairEnd++] = i < titleWords ? (inTitle[id] as number) : 0;
      });
      pageEnd[page] = pairEnd;
      page++;
    },
    counted: () => ({
      words: table.words,
      pairs: pairs.slice(0, pairEnd),
      pageEnd: pageEnd.slice(0, page),
      pageLength: pageLength.slice(0, page),
      titleLength: titleLength.slice(0, page),
    }),
  };
}

/** Numbers per (word, page) in CountedWords.pairs: id, weighted frequency, count in the title. */
const PAIR = 3;

/** The index of `pages`, whose words `parts` counted, part after part in page order. */
export function layOut(pages: readonly IndexedPage[], parts: readonly CountedWords[]): InvertedIndex {
  // One id per word across the parts; each part's ids mapped to it.
  const table = new WordTable(words);
  const globalIds = parts.map((part) => Uint32Array.from(part.words, (word) => table.idOf(word)));
  const pageCount = new Uint32Array(table.words.length);
  parts.forEach((part, i) => {
    const ids = globalIds[i] as Uint32Array;
    for (let at = 0; at < part.pairs.length; at += PAIR) {
      const id = ids[part.pairs[at] as number] as number;
      pageCount[id] = (pageCount[id] as number) + 1;
    }
  });
  const ids = table.words.map((_, id) => id).sort((a, b) => ((table.words[a] as string) < (table.words[b] as string) ? -1 : 1));
  const vocabulary = ids.map((id) => table.words[id] as string);
  const offsets = new Uint32Array(vocabulary.length + 1);
  const next = new Uint32Array(table.words.length); // by word id: where its next posting goes
  let size = 0;
  ids.forEach((id, k) => {
    offsets[k] = size;
    next[id] = size;
    size += pageCount[id] as number;
  });
  offsets[vocabulary.length] = size;
  const postingPage = new Uint32Array(size);
  const postingFreq = new Uint32Array(size);
  const postingTitle = new Uint8Array(size);
  const pageLength = new Uint32Array(pages.length);
  const titleLength = new Uint32Array(pages.length);
  let total = 0;
  let page = 0;
  parts.forEach((part, i) => {
    const partIds = globalIds[i] as Uint32Array;
    let at = 0;
    for (let p = 0; p < part.pageEnd.length; p++, page++) {
      for (const end = part.pageEnd[p] as number; at < end; at += PAIR) {
        const id = partIds[part.pairs[at] as number] as number;
        const to = next[id] as number;
        postingPage[to] = page;
        postingFreq[to] = part.pairs[at + 1] as number;
        postingTitle[to] = Math.min(255, part.pairs[at + 2] as number);
        next[id] = to + 1;
      }
      pageLength[page] = part.pageLength[p] as number;
      titleLength[page] = part.titleLength[p] as number;
      total += part.pageLength[p] as number;
    }
  });
  if (page !== pages.length) throw new Error(`${pages.length} pages, but their words were counted for ${page}`);
  return { pages: [...pages], vocabulary, offsets, postingPage, postingFreq, postingTitle, pageLength, titleLength, averageLength: pages.length > 0 ? total / pages.length : 0 };
}

/** A copy of `array` with room for index `needed`, the new places set to `fill`. */
function grown<T extends Int32Array | Uint32Array>(array: T, needed: number, fill: number): T {
  let length = array.length;
  while (length <= needed) length *= 2;
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  if (fill !== 0) bigger.fill(fill, array.length);
  return bigger;
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

/**
 * The words a query word also matches, whole (synonyms.ts), keyed by the query word as `words()`
 * gives it: "paracetamol" finds the page that says "acetaminophen".
 */
export type Synonyms = ReadonlyMap<string, readonly string[]>;
export const NO_SYNONYMS: Synonyms = new Map();

/** A run of the vocabulary a query word matches: words [from, to), whole words of the query (its own or a synonym) or words it only starts. */
type Run = readonly [from: number, to: number, whole: boolean];

/** What a query word matches: the words it starts, its own word among them marked whole, and its synonyms (whole) wherever they sort. */
export function termRuns(index: InvertedIndex, term: string, synonyms: Synonyms = NO_SYNONYMS): Run[] {
  const { vocabulary } = index;
  const [from, to] = prefixRange(vocabulary, term);
  const whole = new Set<number>();
  for (const word of [term, ...(synonyms.get(term) ?? [])]) {
    const k = lowerBound(vocabulary, word);
    if (vocabulary[k] === word) whole.add(k);
  }
  const runs: Run[] = [];
  let at = from;
  for (const k of [...whole].sort((a, b) => a - b)) {
    if (k < from || k >= to) {
      runs.push([k, k + 1, true]);
      continue;
    }
    if (at < k) runs.push([at, k, false]);
    runs.push([k, k + 1, true]);
    at = k + 1;
  }
  if (at < to) runs.push([at, to, false]);
  return runs;
}

/** Bits of Scratch.whole: the page has a whole word of the query word; in its title. */
const WHOLE = 1;
const WHOLE_IN_TITLE = 2;
/**
 * Scratch.matched counts three things in one number, one add per query word and candidate: query
 * words in the title (4 bits: at most MAX_TERMS), query words matched whole (4 bits), and the
 * title's words they matched (the rest).
 */
const IN_TITLE = 1;
const WHOLE_WORD = 1 << 4;
const TITLE_HIT = 1 << 8;

/**
 * A query's working arrays, one page long each, kept per index and reused by every query (the server
 * answers one at a time): at 100,000 pages a query allocating its own made the garbage collector a
 * good part of the slow answers (issue 35). `sums`, `titles` and `whole` are all zero between queries.
 */
interface Scratch {
  /** Per query word that matches several words: its summed frequency on each page (0: not on it)... */
  sums: Uint32Array[];
  /** ...its summed count in each page's title... */
  titles: Uint32Array[];
  /** ...and whether a whole word of it is on the page (WHOLE, WHOLE_IN_TITLE). */
  whole: Uint8Array[];
  /** The pages that have every word so far, ascending. */
  candidates: Uint32Array;
  /** Per query word that matches one word: where its posting on each candidate is. */
  at: Uint32Array[];
  score: Float64Array;
  /** Per candidate: the ranking's first three keys in one number (tierOf). */
  tier: Uint8Array;
  /** Per candidate: query words in the title, query words matched whole, title words matched (IN_TITLE, WHOLE_WORD, TITLE_HIT). */
  matched: Uint32Array;
  /** K1 × each page's length norm, the part of BM25's denominator that depends on the page alone. */
  k1Norm: Float64Array;
}

const scratches = new WeakMap<InvertedIndex, Scratch>();

function scratchOf(index: InvertedIndex): Scratch {
  const n = index.pages.length;
  let scratch = scratches.get(index);
  if (!scratch || scratch.candidates.length !== n) {
    const arrays = () => Array.from({ length: MAX_TERMS }, () => new Uint32Array(n));
    const k1Norm = Float64Array.from(index.pageLength, (length) => K1 * (1 - B + (B * length) / index.averageLength));
    scratch = {
      sums: arrays(),
      titles: arrays(),
      whole: Array.from({ length: MAX_TERMS }, () => new Uint8Array(n)),
      candidates: new Uint32Array(n),
      at: arrays(),
      score: new Float64Array(n),
      tier: new Uint8Array(n),
      matched: new Uint32Array(n),
      k1Norm,
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/**
 * Sums a query word's matches per page into its scratch arrays, which are all zero; returns how
 * many pages have one of its words. A lookup is then one read, and the pages in order a walk over
 * it, where collecting and sorting them took most of a query at 100,000 pages (issue 35).
 */
function sumRuns(index: InvertedIndex, runs: readonly Run[], sum: Uint32Array, titles: Uint32Array, whole: Uint8Array): number {
  const { offsets, postingPage, postingFreq, postingTitle } = index;
  let pageCount = 0;
  for (const [from, to, isWhole] of runs) {
    for (let p = offsets[from] as number, end = offsets[to] as number; p < end; p++) {
      const page = postingPage[p] as number;
      const before = sum[page] as number;
      if (before === 0) pageCount++;
      sum[page] = before + (postingFreq[p] as number);
      // Most postings are of the text alone: no write for them.
      const title = postingTitle[p] as number;
      if (title > 0) titles[page] = (titles[page] as number) + title;
    }
    if (!isWhole) continue;
    // A whole word is one word: its postings again, for the pages it is on.
    for (let p = offsets[from] as number, end = offsets[to] as number; p < end; p++) {
      const page = postingPage[p] as number;
      whole[page] = (whole[page] as number) | WHOLE | ((postingTitle[p] as number) > 0 ? WHOLE_IN_TITLE : 0);
    }
  }
  return pageCount;
}

/** The first place at or after `at` in the ascending `pages` whose page is >= `page`: doubling steps, then halving back. */
function gallop(pages: Uint32Array, at: number, end: number, page: number): number {
  if (at >= end || (pages[at] as number) >= page) return at;
  let step = 1;
  while (at + step < end && (pages[at + step] as number) < page) step *= 2;
  let lo = at + (step >>> 1);
  let hi = Math.min(end, at + step);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((pages[mid] as number) < page) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The ranking's first three keys (see the top of this file) as one number, higher first: query
 * words in the title, then query words matched whole, then whether the query names the whole title.
 */
export function tierOf(inTitle: number, wholeWords: number, namesTitle: boolean): number {
  return (inTitle * (MAX_TERMS + 1) + wholeWords) * 2 + (namesTitle ? 1 : 0);
}

/**
 * The ids of the best `limit` pages that contain every query word (as a prefix, or one of its
 * synonyms), best first (see the top of this file for the order). A word counts once per query
 * position, as FTS5 counted each phrase.
 *
 * Issue 35 (100,000 pages): the query word with the fewest postings gives the candidates; each other
 * word's pages are looked up for those candidates only (a galloping search in a word's ascending
 * postings; one read in a prefix's per-page sums), so a rare word with a common one costs the rare
 * word's postings, not the common one's. A word's page count (its idf) is its postings' length, or
 * for a prefix of several words the pages its sums found.
 * Scores are summed in the query's word order, so they are the same numbers as before, to the bit.
 */
export function query(index: InvertedIndex, terms: readonly string[], limit: number, synonyms: Synonyms = NO_SYNONYMS): number[] {
  if (terms.length === 0 || limit <= 0 || index.pages.length === 0) return [];
  const { offsets, postingPage, postingFreq, postingTitle } = index;
  const n = index.pages.length;
  const termList = terms.slice(0, MAX_TERMS).map((term) => termRuns(index, term, synonyms));
  const size = termList.map((runs) => runs.reduce((sum, [from, to]) => sum + (offsets[to] as number) - (offsets[from] as number), 0));
  if (size.some((postings) => postings === 0)) return [];
  const scratch = scratchOf(index);
  // Rarest first: the candidates only shrink.
  const order = termList.map((_, t) => t).sort((a, b) => (size[a] as number) - (size[b] as number) || a - b);
  const idf = new Float64Array(termList.length);
  // A word that matches one word is read from its postings; one that matches several, from its sums.
  const one = termList.map((runs) => (runs.length === 1 && runs[0]?.[1] === (runs[0]?.[0] as number) + 1 ? runs[0] : undefined));
  const summed = termList.map((_, t) => !one[t]);
  try {
    termList.forEach((runs, t) => {
      const pageCount = summed[t] ? sumRuns(index, runs, scratch.sums[t] as Uint32Array, scratch.titles[t] as Uint32Array, scratch.whole[t] as Uint8Array) : (size[t] as number);
      // FTS5's idf, floored at a millionth so that a word on every page still counts a little.
      idf[t] = Math.max(1e-6, Math.log((n - pageCount + 0.5) / (pageCount + 0.5)));
    });
    const { candidates, at } = scratch;
    let count = 0;
    const first = order[0] as number;
    const firstRun = one[first];
    if (!firstRun) {
      const firstSum = scratch.sums[first] as Uint32Array;
      for (let page = 0; page < n; page++) if (firstSum[page] !== 0) candidates[count++] = page;
    } else {
      const start = offsets[firstRun[0]] as number;
      count = (offsets[firstRun[1]] as number) - start;
      candidates.set(postingPage.subarray(start, start + count));
      const places = at[first] as Uint32Array;
      for (let i = 0; i < count; i++) places[i] = start + i;
    }
    // Each other word keeps the candidates it is on too, in place (a kept one only moves down).
    for (let o = 1; o < order.length && count > 0; o++) {
      const t = order[o] as number;
      const earlier = order.slice(0, o).flatMap((u) => (one[u] ? [at[u] as Uint32Array] : []));
      let kept = 0;
      const run = one[t];
      if (!run) {
        const sum = scratch.sums[t] as Uint32Array;
        for (let i = 0; i < count; i++) {
          if (sum[candidates[i] as number] === 0) continue;
          candidates[kept] = candidates[i] as number;
          for (let u = 0; u < earlier.length; u++) (earlier[u] as Uint32Array)[kept] = (earlier[u] as Uint32Array)[i] as number;
          kept++;
        }
      } else {
        const mine = at[t] as Uint32Array;
        const end = offsets[run[1]] as number;
        let p = offsets[run[0]] as number;
        for (let i = 0; i < count && p < end; i++) {
          const page = candidates[i] as number;
          p = gallop(postingPage, p, end, page);
          if (p >= end || postingPage[p] !== page) continue;
          candidates[kept] = page;
          for (let u = 0; u < earlier.length; u++) (earlier[u] as Uint32Array)[kept] = (earlier[u] as Uint32Array)[i] as number;
          mine[kept++] = p++;
        }
      }
      count = kept;
    }
    if (count === 0) return [];
    // BM25 summed in the query's word order (as FTS5 and the single-pass version before it did), one word at a time.
    const { score, tier, matched, k1Norm } = scratch;
    score.fill(0, 0, count);
    matched.fill(0, 0, count);
    for (let t = 0; t < termList.length; t++) {
      const weight = idf[t] as number;
      const run = one[t];
      // Per candidate, what this word adds to `matched` (a Matched number): where it is and whether whole.
      if (run) {
        const places = at[t] as Uint32Array;
        const isWhole = run[2];
        for (let i = 0; i < count; i++) {
          const p = places[i] as number;
          const fi = postingFreq[p] as number;
          score[i] = (score[i] as number) + (weight * (fi * (K1 + 1))) / (fi + (k1Norm[candidates[i] as number] as number));
          const title = postingTitle[p] as number;
          if (title > 0) matched[i] = (matched[i] as number) + IN_TITLE + (isWhole ? WHOLE_WORD : 0) + title * TITLE_HIT;
          else if (isWhole) matched[i] = (matched[i] as number) + WHOLE_WORD;
        }
      } else {
        const sum = scratch.sums[t] as Uint32Array;
        const titles = scratch.titles[t] as Uint32Array;
        const whole = scratch.whole[t] as Uint8Array;
        for (let i = 0; i < count; i++) {
          const page = candidates[i] as number;
          const fi = sum[page] as number;
          score[i] = (score[i] as number) + (weight * (fi * (K1 + 1))) / (fi + (k1Norm[page] as number));
          // Matched whole where it matched best: in the title when it is there.
          const title = titles[page] as number;
          const bits = whole[page] as number;
          if (title > 0) matched[i] = (matched[i] as number) + IN_TITLE + (bits & WHOLE_IN_TITLE ? WHOLE_WORD : 0) + title * TITLE_HIT;
          else if (bits !== 0) matched[i] = (matched[i] as number) + WHOLE_WORD;
        }
      }
    }
    const { titleLength } = index;
    for (let i = 0; i < count; i++) {
      const m = matched[i] as number;
      const words = titleLength[candidates[i] as number] as number;
      tier[i] = tierOf(m & 0xf, (m >>> 4) & 0xf, words > 0 && m >>> 8 >= words);
    }
    return best(candidates, tier, score, count, limit);
  } finally {
    termList.forEach((_, t) => {
      if (!summed[t]) return;
      scratch.sums[t]?.fill(0);
      scratch.titles[t]?.fill(0);
      scratch.whole[t]?.fill(0);
    });
  }
}

/** The `limit` best candidates (tier, then score), best first, ties by page id, without sorting all of them. */
function best(pages: Uint32Array, tier: Uint8Array, score: Float64Array, count: number, limit: number): number[] {
  // Positions in `pages` (ascending ids): a tie goes to the lower position, the lower id, so a
  // later page must rank strictly higher than the last kept one to be kept.
  const above = (i: number, j: number) => (tier[i] as number) > (tier[j] as number) || (tier[i] === tier[j] && (score[i] as number) > (score[j] as number));
  const top: number[] = [];
  for (let i = 0; i < count; i++) {
    if (top.length === limit && !above(i, top[limit - 1] as number)) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    if (top.length < limit) top.push(i);
    while (at > 0 && above(i, top[at - 1] as number)) {
      top[at] = top[at - 1] as number;
      at--;
    }
    top[at] = i;
  }
  return top.map((i) => pages[i] as number);
}
