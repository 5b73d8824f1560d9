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
 * A query word that matches several vocabulary words, summed per page (sumRuns): its summed frequency
 * on each page (0: not on it), its summed count in each page's title, whether a whole word of it is
 * on the page (WHOLE, WHOLE_IN_TITLE), and on how many pages it is.
 */
interface TermSums {
  sums: Uint32Array;
  /** At most 255, as the index's postingTitle. */
  titles: Uint8Array;
  whole: Uint8Array;
  pageCount: number;
}

/**
 * What queries share, kept per index: the page-long arrays of the block bounds and the last query
 * words' sums. At 100,000 pages a query allocating its own arrays made the garbage collector a good
 * part of the slow answers (issue 35).
 */
interface Scratch {
  /** The postings these were made for: a new build's index swapped into the same object (routes.tsx) gets new ones. */
  postingPage: Uint32Array;
  /**
   * The sums of the query words that matched several vocabulary words, by what they matched (LRU,
   * TERM_SUMS_KEPT): a word a visitor types again (`care` for care, cared, carer) is not summed over
   * its 100,000 pages' postings again, 0.7 ms of a two-word query at 100,000 pages (issue 47).
   */
  termSums: Map<string, TermSums>;
  /**
   * Sums the LRU let go, zeroed, and those warmUpSteps made ahead: the next word is summed into
   * them. Summing into new page-long arrays took 2-4 ms at 100,000 pages where summing into used
   * ones takes 0.3-0.4 ms: the new arrays' pages are mapped on their first write.
   */
  spareSums: TermSums[];
  /** K1 × each page's length norm, the part of BM25's denominator that depends on the page alone. */
  k1Norm: Float64Array;
  /** Per block of BLOCK pages: the least k1Norm in it... */
  blockNorm: Float64Array;
  /** ...and the fewest words a title in it has (titles of no words aside; 0: none has words). */
  blockTitleWords: Uint32Array;
  /** Per vocabulary word, computed when a query first needs it: its most in each block (wordBlocksOf). */
  wordBlocks: Map<number, WordBlocks>;
  /** Per word on BOUNDED_FROM pages or more, made once by warmUpSteps and kept: the block bounds of the words most queries have (1.7-2.3 ms a query made them at 100,000 pages). */
  commonBlocks: Map<number, WordBlocks>;
  /** Page-long arrays a few-postings query word is summed in and read back from, left all zero (listOfRuns). */
  spare: TermSums | undefined;
}

/**
 * Issue 47 (search p95 at 100,000 pages): pages are taken in blocks of this many (by id), and a query
 * that has its best `limit` already skips a block whose best possible rank is not above the last of them.
 */
const BLOCK_SHIFT = 6;
/** At most this many query words' sums are kept (LRU): 32 × 0.9 MB at 100,000 pages. */
const TERM_SUMS_KEPT = 32;
/** At most this many words' blocks are kept (LRU): 512 × 8 KB at 100,000 pages. */
const WORD_BLOCKS_KEPT = 512;
/** Block bounds are used for a query word that matches at most this many vocabulary words. */
const BOUNDED_WORDS = 8;
/** A query whose rarest word is on fewer pages than this is answered without block bounds (they would cost more than they save). */
const BOUNDED_FROM = 1024;

/** A word's most in each block: its frequency (weighted, as in postingFreq) and its count in a title. */
interface WordBlocks {
  freq: Uint32Array;
  title: Uint8Array;
}

const scratches = new WeakMap<InvertedIndex, Scratch>();

function scratchOf(index: InvertedIndex): Scratch {
  const n = index.pages.length;
  let scratch = scratches.get(index);
  if (!scratch || scratch.postingPage !== index.postingPage || scratch.k1Norm.length !== n) {
    const k1Norm = Float64Array.from(index.pageLength, (length) => K1 * (1 - B + (B * length) / index.averageLength));
    const blocks = (n >>> BLOCK_SHIFT) + 1;
    const blockNorm = new Float64Array(blocks).fill(Infinity);
    const blockTitleWords = new Uint32Array(blocks);
    for (let page = 0; page < n; page++) {
      const b = page >>> BLOCK_SHIFT;
      blockNorm[b] = Math.min(blockNorm[b] as number, k1Norm[page] as number);
      const words = index.titleLength[page] as number;
      if (words > 0 && (blockTitleWords[b] === 0 || words < (blockTitleWords[b] as number))) blockTitleWords[b] = words;
    }
    scratch = {
      postingPage: index.postingPage,
      termSums: new Map(),
      k1Norm,
      blockNorm,
      blockTitleWords,
      wordBlocks: new Map(),
      commonBlocks: new Map(),
      spareSums: [],
      spare: undefined,
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** `key`'s value in the least-recently-used `map`: made and kept when missing, the oldest let go past `most` (and handed to `dropped`). */
function keptIn<K, V>(map: Map<K, V>, key: K, most: number, make: () => V, dropped?: (value: V) => void): V {
  const known = map.get(key);
  if (known !== undefined) {
    map.delete(key);
    map.set(key, known);
    return known;
  }
  const made = make();
  map.set(key, made);
  if (map.size > most) {
    const oldest = map.keys().next().value as K;
    dropped?.(map.get(oldest) as V);
    map.delete(oldest);
  }
  return made;
}

/** Vocabulary word `k`'s most in each block: made at start for a common word, else from its postings (one pass) and kept for the next query. */
function wordBlocksOf(index: InvertedIndex, scratch: Scratch, k: number): WordBlocks {
  return scratch.commonBlocks.get(k) ?? keptIn(scratch.wordBlocks, k, WORD_BLOCKS_KEPT, () => blocksOf(index, scratch, k));
}

function blocksOf(index: InvertedIndex, scratch: Scratch, k: number): WordBlocks {
  const blocks = scratch.blockNorm.length;
  const freq = new Uint32Array(blocks);
  const title = new Uint8Array(blocks);
  const { offsets, postingPage, postingFreq, postingTitle } = index;
  for (let p = offsets[k] as number, end = offsets[k + 1] as number; p < end; p++) {
    const b = (postingPage[p] as number) >>> BLOCK_SHIFT;
    if ((postingFreq[p] as number) > (freq[b] as number)) freq[b] = postingFreq[p] as number;
    if ((postingTitle[p] as number) > (title[b] as number)) title[b] = postingTitle[p] as number;
  }
  return { freq, title };
}

/** Page-long arrays for a word's sums, all zero. */
function newSums(n: number): TermSums {
  return { sums: new Uint32Array(n), titles: new Uint8Array(n), whole: new Uint8Array(n), pageCount: 0 };
}

/** A query word's sums (sumRuns) for what it matches, kept for the next query that matches the same. */
function termSumsOf(index: InvertedIndex, scratch: Scratch, runs: readonly Run[]): TermSums {
  const key = runs.map(([from, to, isWhole]) => `${from}-${to}${isWhole ? 'w' : ''}`).join(' ');
  return keptIn(
    scratch.termSums,
    key,
    TERM_SUMS_KEPT,
    () => {
      const made = scratch.spareSums.pop() ?? newSums(index.pages.length);
      made.pageCount = sumRuns(index, runs, made.sums, made.titles, made.whole);
      return made;
    },
    (dropped) => {
      // No query is using it: a query asks for at most MAX_TERMS words, far fewer than are kept.
      dropped.sums.fill(0);
      dropped.titles.fill(0);
      dropped.whole.fill(0);
      scratch.spareSums.push(dropped);
    },
  );
}

/**
 * Sums a query word's matches per page into arrays that are all zero; returns how
 * many pages have one of its words. A lookup is then one read, and the pages in order a walk over
 * it, where collecting and sorting them took most of a query at 100,000 pages (issue 35).
 */
function sumRuns(index: InvertedIndex, runs: readonly Run[], sum: Uint32Array, titles: Uint8Array, whole: Uint8Array): number {
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
      if (title > 0) titles[page] = Math.min(255, (titles[page] as number) + title);
      // A whole word is one word: the pages it is on.
      if (isWhole) whole[page] = (whole[page] as number) | WHOLE | (title > 0 ? WHOLE_IN_TITLE : 0);
    }
  }
  return pageCount;
}

/**
 * A query word that matches few postings in all (at most a sixteenth of the page count: LIST_FROM_SHIFT) yet several
 * vocabulary words, as a posting list of its own: its pages ascending, each with the word's summed
 * frequency, title count and WHOLE bits there. Issue 47: `story 4955` (4955, 49550-49559: 11
 * postings) made page-long sums of 0.9 MB, kept in the LRU, where they pushed out the common words'
 * sums that took 0.7 ms each to make again.
 */
interface PostingList {
  pages: Uint32Array;
  freq: Uint32Array;
  /** At most 255, as the index's postingTitle: every list the query reads is of one kind, so its optimized code stays (a second kind deoptimized it). */
  titles: Uint8Array;
  whole: Uint8Array;
}

/** A word matching several vocabulary words is listed (listOfRuns), not summed per page, when its postings are at most this share of the pages. */
const LIST_FROM_SHIFT = 4;

/** `runs`' postings merged into one list, ascending by page, sums as sumRuns makes them (`postings`: their number). */
function listOfRuns(index: InvertedIndex, scratch: Scratch, runs: readonly Run[], postings: number): PostingList {
  const n = index.pages.length;
  const spare = (scratch.spare ??= newSums(n));
  const { offsets, postingPage } = index;
  const touched = new Uint32Array(postings);
  let count = 0;
  for (const [from, to] of runs)
    for (let p = offsets[from] as number, end = offsets[to] as number; p < end; p++) {
      const page = postingPage[p] as number;
      if (spare.sums[page] === 0) touched[count++] = page;
      // Marked now, so that a page is listed once; sumRuns adds the frequencies below.
      spare.sums[page] = 1;
    }
  const pages = touched.subarray(0, count).sort();
  for (let i = 0; i < count; i++) spare.sums[pages[i] as number] = 0;
  sumRuns(index, runs, spare.sums, spare.titles, spare.whole);
  const list: PostingList = { pages, freq: new Uint32Array(count), titles: new Uint8Array(count), whole: new Uint8Array(count) };
  for (let i = 0; i < count; i++) {
    const page = pages[i] as number;
    list.freq[i] = spare.sums[page] as number;
    list.titles[i] = spare.titles[page] as number;
    list.whole[i] = spare.whole[page] as number;
    spare.sums[page] = 0;
    spare.titles[page] = 0;
    spare.whole[page] = 0;
  }
  return list;
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
 *
 * Issue 47 (search p95 at 100,000 pages): each candidate is looked up, scored, ranked and kept or
 * dropped in one pass, with nothing written per candidate; two words that are on every page (100,000
 * candidates) took 2.7 ms in passes that each wrote a page-long array.
 * Scores are summed in the query's word order, so they are the same numbers as before, to the bit.
 */
export function query(index: InvertedIndex, terms: readonly string[], limit: number, synonyms: Synonyms = NO_SYNONYMS): number[] {
  if (terms.length === 0 || limit <= 0 || index.pages.length === 0) return [];
  const { offsets, postingPage, postingFreq, postingTitle, titleLength } = index;
  const n = index.pages.length;
  const termList = terms.slice(0, MAX_TERMS).map((term) => termRuns(index, term, synonyms));
  const count = termList.length;
  const size = termList.map((runs) => runs.reduce((sum, [from, to]) => sum + (offsets[to] as number) - (offsets[from] as number), 0));
  if (size.some((postings) => postings === 0)) return [];
  const scratch = scratchOf(index);
  const { k1Norm, blockNorm, blockTitleWords } = scratch;
  // Rarest first: a candidate missing a rare word is dropped after one look.
  const order = Uint8Array.from(termList.map((_, t) => t).sort((a, b) => (size[a] as number) - (size[b] as number) || a - b));
  // A word is read from a posting list, through a cursor that only moves forward (the candidates
  // ascend): its one vocabulary word's postings, or a list of its own when it matches several with
  // few postings in all (listOfRuns). One that matches several on many pages, from its per-page sums.
  const listed = new Uint8Array(count);
  const listPages: Uint32Array[] = [];
  const listFreq: Uint32Array[] = [];
  const listTitles: Uint8Array[] = [];
  /** Per listed word, its WHOLE bits on each listed page (a list of its own), or undefined: the same on every page (wholeBits). */
  const listWhole: Array<Uint8Array | undefined> = [];
  const wholeBits = new Uint8Array(count);
  const cursor = new Uint32Array(count);
  const end = new Uint32Array(count);
  const posting = new Uint32Array(count); // per listed word: its place in its list for the current candidate
  const pageCount = new Uint32Array(count);
  // Per word that matches several on many pages: its sums (an empty array for a listed word, never read).
  const summed: TermSums[] = [];
  termList.forEach((runs, t) => {
    const run = runs[0] as Run;
    summed[t] = NOT_SUMMED;
    if (runs.length === 1 && run[1] === run[0] + 1) {
      listed[t] = 1;
      [listPages[t], listFreq[t], listTitles[t], listWhole[t]] = [postingPage, postingFreq, postingTitle, undefined];
      // A whole word on a page is whole in its title where it is there.
      wholeBits[t] = run[2] ? WHOLE | WHOLE_IN_TITLE : 0;
      cursor[t] = offsets[run[0]] as number;
      end[t] = offsets[run[1]] as number;
      pageCount[t] = size[t] as number;
    } else if ((size[t] as number) <= n >>> LIST_FROM_SHIFT) {
      const list = listOfRuns(index, scratch, runs, size[t] as number);
      listed[t] = 1;
      [listPages[t], listFreq[t], listTitles[t], listWhole[t]] = [list.pages, list.freq, list.titles, list.whole];
      end[t] = list.pages.length;
      pageCount[t] = list.pages.length;
    } else {
      summed[t] = termSumsOf(index, scratch, runs);
      pageCount[t] = (summed[t] as TermSums).pageCount;
    }
  });
  const idf = new Float64Array(count);
  // The best so far, best first: candidate ids, their tiers and scores.
  const topPage = new Uint32Array(limit);
  const topTier = new Uint8Array(limit);
  const topScore = new Float64Array(limit);
  let kept = 0;
  const sums = summed.map((term) => term.sums);
  const titles = summed.map((term) => term.titles);
  const whole = summed.map((term) => term.whole);
  for (let t = 0; t < count; t++) {
    // FTS5's idf, floored at a millionth so that a word on every page still counts a little.
    idf[t] = Math.max(1e-6, Math.log((n - (pageCount[t] as number) + 0.5) / ((pageCount[t] as number) + 0.5)));
  }
  const first = order[0] as number;
  // Block bounds, when the rarest word is common and no word is a prefix of many: per query word, the blocks of its words.
  const bounded =
    (size[first] as number) >= BOUNDED_FROM && termList.every((runs) => runs.reduce((words, [from, to]) => words + to - from, 0) <= BOUNDED_WORDS);
  const termBlocks = bounded ? termList.map((runs) => runs.flatMap(([from, to]) => Array.from({ length: to - from }, (_, w) => wordBlocksOf(index, scratch, from + w)))) : [];
  const hasWhole = termList.map((runs) => runs.some(([, , isWhole]) => isWhole));
  /** Whether a page of block `b` might rank above the last kept one: false when a word is on none of its pages. */
  const mayRankAbove = (blocksOf: readonly WordBlocks[][], b: number): boolean => {
    let score = 0;
    let inTitle = 0;
    let wholeWords = 0;
    let titleHits = 0;
    for (let t = 0; t < count; t++) {
      let freq = 0;
      let title = 0;
      for (const word of blocksOf[t] as WordBlocks[]) {
        freq += word.freq[b] as number;
        title += word.title[b] as number;
      }
      if (freq === 0) return false;
      // BM25 grows with the frequency and shrinks with the norm: the block's most and least bound it.
      score += ((idf[t] as number) * (freq * (K1 + 1))) / (freq + (blockNorm[b] as number));
      if (title > 0) inTitle++;
      titleHits += title;
      if (hasWhole[t]) wholeWords++;
    }
    if (kept < limit) return true;
    const fewest = blockTitleWords[b] as number;
    const tier = tierOf(inTitle, wholeWords, fewest > 0 && titleHits >= fewest);
    const lastTier = topTier[limit - 1] as number;
    // A little room for rounding: the bound is summed as the scores are, but from other numbers.
    return tier > lastTier || (tier === lastTier && score * (1 + 1e-9) > (topScore[limit - 1] as number));
  };
  let block = -1;
  const firstListed = listed[first] === 1;
  const firstPages = listPages[first] as Uint32Array;
  const firstSum = sums[first] as Uint32Array;
  const stop = firstListed ? (end[first] as number) : n;
  candidates: for (let i = firstListed ? (cursor[first] as number) : 0; i < stop; i++) {
    let page: number;
    if (firstListed) {
      page = firstPages[i] as number;
      posting[first] = i;
    } else {
      if (firstSum[i] === 0) continue;
      page = i;
    }
    if (bounded && page >>> BLOCK_SHIFT !== block) {
      block = page >>> BLOCK_SHIFT;
      if (!mayRankAbove(termBlocks, block)) {
        // None of this block's pages can be kept: on to the next block's first.
        const next = (block + 1) << BLOCK_SHIFT;
        i = (firstListed ? gallop(firstPages, i, stop, next) : next) - 1;
        continue;
      }
    }
    for (let o = 1; o < count; o++) {
      const t = order[o] as number;
      if (listed[t] === 0) {
        if ((sums[t] as Uint32Array)[page] === 0) continue candidates;
        continue;
      }
      const last = end[t] as number;
      const pages = listPages[t] as Uint32Array;
      const p = gallop(pages, cursor[t] as number, last, page);
      // Past a word's last page, no later candidate can have it either.
      if (p >= last) break candidates;
      cursor[t] = p;
      if (pages[p] !== page) continue candidates;
      posting[t] = p;
    }
    // BM25 summed in the query's word order (as FTS5 and the versions before this one did), and
    // what each word adds to `matched` (IN_TITLE, WHOLE_WORD, TITLE_HIT): where it is and whether whole.
    const norm = k1Norm[page] as number;
    let score = 0;
    let matched = 0;
    for (let t = 0; t < count; t++) {
      let fi: number;
      let title: number;
      let bits: number;
      if (listed[t] === 1) {
        const p = posting[t] as number;
        fi = (listFreq[t] as Uint32Array)[p] as number;
        title = (listTitles[t] as Uint8Array)[p] as number;
        const own = listWhole[t];
        bits = own === undefined ? (wholeBits[t] as number) : (own[p] as number);
      } else {
        fi = (sums[t] as Uint32Array)[page] as number;
        title = (titles[t] as Uint8Array)[page] as number;
        bits = (whole[t] as Uint8Array)[page] as number;
      }
      const isWhole = bits !== 0;
      const wholeInTitle = (bits & WHOLE_IN_TITLE) !== 0;
      score += ((idf[t] as number) * (fi * (K1 + 1))) / (fi + norm);
      // Matched whole where it matched best: in the title when it is there.
      if (title > 0) matched += IN_TITLE + (wholeInTitle ? WHOLE_WORD : 0) + title * TITLE_HIT;
      else if (isWhole) matched += WHOLE_WORD;
    }
    const words = titleLength[page] as number;
    const tier = tierOf(matched & 0xf, (matched >>> 4) & 0xf, words > 0 && matched >>> 8 >= words);
    // Kept when it ranks strictly above the last kept one: a tie goes to the lower page id, seen first.
    if (kept === limit) {
      const lastTier = topTier[limit - 1] as number;
      if (tier < lastTier || (tier === lastTier && !(score > (topScore[limit - 1] as number)))) continue;
    }
    let at = kept === limit ? limit - 1 : kept++;
    while (at > 0 && ((topTier[at - 1] as number) < tier || (topTier[at - 1] === tier && (topScore[at - 1] as number) < score))) {
      topPage[at] = topPage[at - 1] as number;
      topTier[at] = topTier[at - 1] as number;
      topScore[at] = topScore[at - 1] as number;
      at--;
    }
    topPage[at] = page;
    topTier[at] = tier;
    topScore[at] = score;
  }
  return Array.from(topPage.subarray(0, kept));
}

const NOT_SUMMED: TermSums = newSums(0);

/**
 * Issue 47 (search p95 at 100,000 pages): what the first queries would otherwise make, made ahead in
 * small steps (index.ts runs one a turn of the event loop at start): the block bounds of every word
 * on BOUNDED_FROM pages or more (55 words at 100,000 archive pages, 0.4 MB), and TERM_SUMS_KEPT + 1
 * sets of page-long sums to sum into (0.6 MB each at 100,000 pages, as many as are kept anyway).
 */
export function warmUpSteps(index: InvertedIndex): Array<() => void> {
  const scratch = scratchOf(index);
  const { offsets, vocabulary } = index;
  const common: number[] = [];
  for (let k = 0; k < vocabulary.length; k++) if ((offsets[k + 1] as number) - (offsets[k] as number) >= BOUNDED_FROM) common.push(k);
  const steps: Array<() => void> = [];
  for (let at = 0; at < common.length; at += 8)
    steps.push(() => {
      if (scratchOf(index) !== scratch) return;
      for (const k of common.slice(at, at + 8)) scratch.commonBlocks.set(k, blocksOf(index, scratch, k));
    });
  for (let i = 0; i <= TERM_SUMS_KEPT; i++)
    steps.push(() => {
      if (scratchOf(index) !== scratch || scratch.spareSums.length + scratch.termSums.size > TERM_SUMS_KEPT) return;
      const sums = newSums(index.pages.length);
      // Written once, so that its memory is mapped now and not on a visitor's query.
      sums.sums.fill(0);
      sums.titles.fill(0);
      sums.whole.fill(0);
      scratch.spareSums.push(sums);
    });
  return steps;
}

/**
 * Issue 47 (search p95 at 100,000 pages): queries of this index's own words that take each path of
 * query(): common words (block bounds), a prefix of many pages (per-page sums), a prefix of few
 * (a list of its own), a rare word, each first and not first. A query that took a path the code had
 * not seen yet was 5-12 ms where it is 1-2 ms once V8 has compiled it for every path (its first
 * compile is made for the paths seen, and a new one threw that code away); the server runs these
 * once at start (index.ts, warmSearch), so the first visitors do not pay for it.
 */
export function warmUpQueries(index: InvertedIndex): string[][] {
  const { vocabulary, offsets } = index;
  const n = index.pages.length;
  const postingsOf = (from: number, to: number) => (offsets[to] as number) - (offsets[from] as number);
  const common: number[] = [];
  let rare: string | undefined;
  vocabulary.forEach((word, k) => {
    const count = postingsOf(k, k + 1);
    if (rare === undefined && count > 0 && count < Math.min(BOUNDED_FROM, n >>> LIST_FROM_SHIFT)) rare = word;
    if (common.length < 3 || count > postingsOf(common[2] as number, (common[2] as number) + 1)) {
      common.push(k);
      common.sort((a, b) => postingsOf(b, b + 1) - postingsOf(a, a + 1));
      common.length = Math.min(3, common.length);
    }
  });
  const words = common.map((k) => vocabulary[k] as string);
  const [first, second] = words;
  if (first === undefined) return [];
  /** A prefix of several words, on more or on fewer pages than a list is made for. */
  const several = (prefix: string, many: boolean) => {
    const [from, to] = prefixRange(vocabulary, prefix);
    return to - from > 1 && postingsOf(from, to) > n >>> LIST_FROM_SHIFT === many;
  };
  let summedPrefix: string | undefined;
  for (const word of words) for (let end = 3; end < word.length && summedPrefix === undefined; end++) if (several(word.slice(0, end), true)) summedPrefix = word.slice(0, end);
  let listedPrefix: string | undefined;
  for (let k = 0; k + 1 < vocabulary.length && listedPrefix === undefined; k++) {
    const word = vocabulary[k] as string;
    if (word.length >= 3 && (vocabulary[k + 1] as string).startsWith(word) && several(word, false)) listedPrefix = word;
  }
  const queries: Array<Array<string | undefined>> = [
    [first, second],
    [second, first],
    words,
    [summedPrefix, first],
    [first, summedPrefix],
    [listedPrefix, first],
    [first, listedPrefix],
    [rare, first],
    [first, rare],
    [summedPrefix, listedPrefix],
    [first],
    [summedPrefix],
    [listedPrefix],
  ];
  return queries.filter((terms): terms is string[] => terms.every((term) => term !== undefined));
}
