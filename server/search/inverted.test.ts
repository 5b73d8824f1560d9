import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pages as sitePages, renderPage } from '../../tests/support/demo-site';
import { search, warmSearch } from './index';
import { decodeIndex, encodeIndex, openIndexFile, writeIndexFile } from './binary';
import { NO_SYNONYMS, buildIndex, prefixRange, query, queryTerms, termRuns, tierOf, warmUpQueries, words, type InvertedIndex, type Synonyms } from './inverted';
import { HTML_MANIFEST, writeHtmlManifest } from '../html-manifest';
import { buildFromFiles, readPages } from './build';
import { INDEX_DIR, INDEX_SUFFIX, loadOrBuildIndex } from './persist';
import { readPage, type IndexedPage } from './text';

/** The real demo site's pages as the index reads them once built (rendered here, no build needed). */
const realPages: IndexedPage[] = sitePages.flatMap((page) => readPage(page.path, renderPage(page, { entryScript: '/assets/client.js', stylesheets: [] }).html) ?? []);
const index = buildIndex(realPages);

/** What SQLite FTS5's bm25(0, 0, 8, 1) said before issue 15, as the reference ranking. */
function fts5Ranks(pages: readonly IndexedPage[]) {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE search_page USING fts5(path UNINDEXED, type UNINDEXED, title, body, tokenize = 'unicode61 remove_diacritics 2')`);
  db.prepare("INSERT INTO search_page (search_page, rank) VALUES ('rank', 'bm25(0, 0, 8.0, 1.0)')").run();
  const insert = db.prepare('INSERT INTO search_page (path, type, title, body) VALUES (?, ?, ?, ?)');
  // unicode61 strips the marks of Latin letters only; our words() strips every combining mark, so Arabic
  // hamza forms (U+0623 alif with hamza above) fold to the bare letter. Hand FTS5 the text with marks
  // stripped the same way, so the reference compares ranking, not that (intended) folding.
  const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '');
  for (const page of pages) insert.run(page.path, page.type, folded(page.title), folded(page.body));
  const select = db.prepare('SELECT path, rank FROM search_page WHERE search_page MATCH ? ORDER BY rank');
  return {
    ranks: (text: string) => select.all(queryTerms(text).map((term) => `"${term}"*`).join(' ')) as Array<{ path: string; rank: number }>,
    close: () => db.close(),
  };
}

/**
 * The ranking's first keys (issue 47, goal 5) read from a page's text, not from the index: query
 * words in the title (whole or as a prefix, or a synonym), query words matched whole where they
 * matched best (the title when there), and whether the title's every word is matched.
 */
function referenceTier({ title, body }: { title: readonly string[]; body: readonly string[] }, terms: readonly string[], synonyms: Synonyms = NO_SYNONYMS): number {
  let inTitle = 0;
  let whole = 0;
  let titleHits = 0;
  for (const term of terms) {
    const wholeWords = new Set([term, ...(synonyms.get(term) ?? [])]);
    const inThisTitle = title.filter((word) => word.startsWith(term) || wholeWords.has(word)).length;
    if (inThisTitle > 0) {
      inTitle++;
      titleHits += inThisTitle;
      if (title.some((word) => wholeWords.has(word))) whole++;
    } else if (body.some((word) => wholeWords.has(word))) whole++;
  }
  return tierOf(inTitle, whole, title.length > 0 && titleHits >= title.length);
}

/** A page's words, title and body apart, read once (referenceTier is asked for each page many times). */
const splitWords = new WeakMap<object, { title: string[]; body: string[] }>();
function wordsOf(page: Pick<IndexedPage, 'title' | 'body'>) {
  let found = splitWords.get(page);
  if (!found) splitWords.set(page, (found = { title: words(page.title), body: words(page.body) }));
  return found;
}

describe('search relevance on the real site (issue 15)', () => {
  it('a word in exactly one page’s title ranks that page first', () => {
    const titleWords = new Map<string, Set<string>>();
    for (const page of realPages) for (const word of words(page.title)) titleWords.set(word, new Set([...(titleWords.get(word) ?? []), page.path]));
    const unique = [...titleWords].filter(([word, paths]) => word.length >= 3 && paths.size === 1);
    expect(unique.length).toBeGreaterThan(10);
    for (const [word, paths] of unique) {
      expect(search(index, word, 5)[0]?.path, word).toBe([...paths][0]);
    }
  });

  it('ranks by the tiers (titles, whole words, a named title), then as SQLite FTS5 bm25 did: every word of every title and typed prefixes, 50 results each', () => {
    const reference = fts5Ranks(realPages);
    try {
      const queries = new Set<string>();
      for (const page of realPages) for (const word of words(page.title)) queries.add(word);
      for (const word of words(realPages.map((page) => page.body).join(' ')).filter((_, i) => i % 40 === 0)) queries.add(word.slice(0, 3));
      queries.add('nurse home');
      queries.add('children care day');
      expect(queries.size).toBeGreaterThan(50);
      for (const text of queries) {
        const terms = queryTerms(text);
        const pageOf = new Map(realPages.map((page) => [page.path, page]));
        const tier = (path: string) => referenceTier(wordsOf(pageOf.get(path) as IndexedPage), terms);
        // FTS5's rows, the higher tier first, then FTS5's order (its rank: lower is better).
        const expected = reference
          .ranks(text)
          .map((row) => ({ ...row, tier: tier(row.path) }))
          .sort((a, b) => b.tier - a.tier || a.rank - b.rank);
        const mine = query(index, terms, 50).map((id) => realPages[id]?.path ?? '');
        const rankOf = new Map(expected.map((row) => [row.path, row.rank]));
        expect(mine.length, text).toBe(Math.min(50, expected.length));
        // Same pages in the same tiers at the same scores; pages with equal scores may come in either order.
        mine.forEach((path, i) => {
          expect(tier(path), `${text} #${i}`).toBe(expected[i]?.tier);
          expect(rankOf.get(path), `${text} #${i}`).toBeCloseTo(expected[i]?.rank ?? NaN, 9);
        });
      }
    } finally {
      reference.close();
    }
  });

  it('every word must match, each as a prefix; accents and case do not matter', () => {
    const pages = [
      { path: '/a/', type: 'Pages', title: 'Café evenings', body: 'Parents meet at the crèche.' },
      { path: '/b/', type: 'Pages', title: 'Fever', body: 'Cafeteria menu for parents.' },
    ];
    const small = buildIndex(pages);
    const paths = (text: string) => search(small, text, 5).map((hit) => hit.path);
    expect(paths('CAFE')).toEqual(['/a/', '/b/']);
    expect(paths('creche')).toEqual(['/a/']);
    expect(paths('parents cafet')).toEqual(['/b/']);
    expect(paths('parents zzz')).toEqual([]);
    expect(paths('fe')).toEqual([]); // fewer than 3 characters
  });
});

/**
 * The straightforward ranking the fast query must equal (issue 35): every page scored for every
 * query word in order, all of them sorted, by the tiers read from the pages' text, then BM25. Same
 * BM25 expression, so the same numbers to the bit.
 */
function scoreEveryPage(index: InvertedIndex, terms: readonly string[], limit: number, synonyms: Synonyms = NO_SYNONYMS): number[] {
  const n = index.pages.length;
  const score = new Float64Array(n);
  const matchedAll = new Uint8Array(n).fill(1);
  for (const term of terms) {
    const freq = new Float64Array(n);
    for (const [from, to] of termRuns(index, term, synonyms))
      for (let k = from; k < to; k++)
        for (let p = index.offsets[k] ?? 0; p < (index.offsets[k + 1] ?? 0); p++) {
          const page = index.postingPage[p] ?? 0;
          freq[page] = (freq[page] ?? 0) + (index.postingFreq[p] ?? 0);
        }
    const df = freq.filter((f) => f > 0).length;
    const idf = Math.max(1e-6, Math.log((n - df + 0.5) / (df + 0.5)));
    for (let page = 0; page < n; page++) {
      const f = freq[page] ?? 0;
      if (f === 0) matchedAll[page] = 0;
      score[page] = (score[page] ?? 0) + (idf * (f * (1.2 + 1))) / (f + 1.2 * (1 - 0.75 + (0.75 * (index.pageLength[page] ?? 0)) / index.averageLength));
    }
  }
  const matched = [...Array(n).keys()].filter((page) => matchedAll[page] === 1);
  const tier = new Map(matched.map((page) => [page, referenceTier(wordsOf(index.pages[page] as IndexedPage), terms, synonyms)]));
  return matched
    .sort((a, b) => (tier.get(b) ?? 0) - (tier.get(a) ?? 0) || (score[b] ?? 0) - (score[a] ?? 0) || a - b)
    .slice(0, limit);
}

/** Counting with maps, as buildIndex did before issue 35: the index it must still build, array for array. */
function buildWithMaps(pages: readonly IndexedPage[]) {
  const postings = new Map<string, Array<[number, number, number]>>();
  const pageLength: number[] = [];
  const titleLength: number[] = [];
  pages.forEach((page, id) => {
    const counts = new Map<string, number>();
    const inTitle = new Map<string, number>();
    for (const word of words(page.title)) {
      counts.set(word, (counts.get(word) ?? 0) + 8);
      inTitle.set(word, (inTitle.get(word) ?? 0) + 1);
    }
    for (const word of words(page.body)) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, freq] of counts) postings.set(word, [...(postings.get(word) ?? []), [id, freq, inTitle.get(word) ?? 0]]);
    pageLength.push(words(page.title).length + words(page.body).length);
    titleLength.push(words(page.title).length);
  });
  const vocabulary = [...postings.keys()].sort();
  const lists = vocabulary.map((word) => postings.get(word) ?? []).flat();
  return {
    vocabulary,
    postingPage: lists.map(([page]) => page),
    postingFreq: lists.map(([, freq]) => freq),
    postingTitle: lists.map(([, , title]) => title),
    pageLength,
    titleLength,
  };
}

describe('building the index (issue 35: a first start at 100,000 pages)', () => {
  it('builds what counting every word with maps builds, ASCII and other text alike', () => {
    let state = 7;
    const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    const vocabulary = ['Care', 'care', 'CARE', 'carer', 'café', 'Café', 'crèche', 'x1', '2026', 'İstanbul', 'straße', 'naïve', 'ﬁre', 'a', 'zz9z', ...Array.from({ length: 300 }, (_, i) => `w${i}`)];
    const text = (n: number) => Array.from({ length: n }, () => vocabulary[Math.floor(vocabulary.length * random() ** 2)] as string).join(random() < 0.5 ? ' ' : ', ');
    const pages: IndexedPage[] = Array.from({ length: 400 }, (_, i) => ({ path: `/p/${i}/`, type: 'Pages', title: text(1 + (i % 4)), body: i % 50 === 0 ? '' : text(i % 120) }));
    const built = buildIndex(pages);
    const expected = buildWithMaps(pages);
    expect(built.vocabulary).toEqual(expected.vocabulary);
    expect([...built.postingPage]).toEqual(expected.postingPage);
    expect([...built.postingFreq]).toEqual(expected.postingFreq);
    expect([...built.postingTitle]).toEqual(expected.postingTitle);
    expect([...built.pageLength]).toEqual(expected.pageLength);
    expect([...built.titleLength]).toEqual(expected.titleLength);
    expect(built.vocabulary).toContain('istanbul');
    expect(built.vocabulary).toContain('fire');
  });
});

describe('the query at scale (issue 35): rare words first, common ones looked up', () => {
  it('ranks as scoring every page does, on 3,000 generated pages and 600 queries of 1 to 4 words, with and without synonyms', () => {
    let state = 35;
    const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    // A few common words on most pages, many rare ones (some sharing prefixes), as a real site has.
    const vocabulary = ['care', 'cared', 'carer', 'child', 'children', 'day', 'nurse', 'home', ...Array.from({ length: 600 }, (_, i) => `w${(i * 7919) % 1000}x${i % 13}`)];
    const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)] as string;
    const pages: IndexedPage[] = Array.from({ length: 3000 }, (_, i) => ({
      path: `/p/${i}/`,
      type: 'Pages',
      title: Array.from({ length: 1 + (i % 3) }, word).join(' '),
      body: Array.from({ length: 20 + Math.floor(random() * 80) }, word).join(' '),
    }));
    const generated = buildIndex(pages);
    const prefixes = ['car', 'care', 'chil', 'w1', 'w12', 'w3x', 'da', 'zz', 'nurse'];
    // Synonyms inside a prefix's own run (care, carer), outside it (nurse, child), and of a word on no page.
    const synonyms: Synonyms = new Map([
      ['nurse', ['child', 'carer']],
      ['care', ['carer', 'home']],
      ['zz', ['day']],
      ['home', ['w3x3', 'nowhere']],
    ]);
    let nonEmpty = 0;
    for (let q = 0; q < 600; q++) {
      const terms = Array.from({ length: 1 + (q % 4) }, () => (random() < 0.3 ? (prefixes[Math.floor(random() * prefixes.length)] as string) : word()));
      const limit = q % 2 === 0 ? 5 : 50;
      const withSynonyms = q % 3 === 0 ? synonyms : NO_SYNONYMS;
      const expected = scoreEveryPage(generated, terms, limit, withSynonyms);
      expect(query(generated, terms, limit, withSynonyms), terms.join(' ')).toEqual(expected);
      if (expected.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(300);
  });
});

describe('a query word\'s sums kept for the next query (issue 47)', () => {
  it('a word that matches several, asked for again, after others and after the kept sums have moved on, ranks as scoring every page does', () => {
    // 40 prefixes of two words each (wNa, wNb), more than the 32 kept, each on a third of the pages.
    const pages: IndexedPage[] = Array.from({ length: 600 }, (_, i) => ({
      path: `/p/${i}/`,
      type: 'Pages',
      title: `page ${i}`,
      body: Array.from({ length: 40 }, (_, w) => `w${(i + w) % 40}${(i + w) % 3 === 0 ? 'a' : 'b'}`).join(' ') + (i % 2 === 0 ? ' even' : ''),
    }));
    const index = buildIndex(pages);
    const asked = [...Array.from({ length: 40 }, (_, n) => `w${n} even`), 'w0 even', 'w0', 'w39 w0 even', 'w1 w0'];
    for (const text of asked) expect(query(index, queryTerms(text), 5), text).toEqual(scoreEveryPage(index, queryTerms(text), 5, NO_SYNONYMS));
    expect(query(index, queryTerms('w0 even'), 50)).toEqual(query(buildIndex(pages), queryTerms('w0 even'), 50));
  });
});

describe('a word that matches several on few pages is listed, not summed per page (issue 47)', () => {
  it('ranks as scoring every page does: counts that differ, in titles and bodies, whole and prefix, first word or not', () => {
    // 2,000 pages say "care" and "child"; 1 in 50 also says 1 to 4 words starting "zet", some in the title.
    const rare = ['zet', 'zeta', 'zetas', 'zetta'];
    const pages: IndexedPage[] = Array.from({ length: 2000 }, (_, i) => ({
      path: `/p/${i}/`,
      type: 'Pages',
      title: `page ${i}${i % 150 === 0 ? ` ${rare[(i / 50) % 4]}` : ''}`,
      body: `care child ${i % 3 === 0 ? 'care ' : ''}${i % 50 === 0 ? Array.from({ length: 1 + ((i / 50) % 4) }, (_, k) => rare[(i / 50 + k) % 4]).join(' ') : 'other'}`,
    }));
    const archive = buildIndex(pages);
    // 40 pages of 2,000 have one: fewer postings than 1 in 16 pages, so the word is listed.
    expect(termRuns(archive, 'zet').reduce((sum, [from, to]) => sum + (archive.offsets[to] as number) - (archive.offsets[from] as number), 0)).toBeLessThan(2000 / 16);
    for (const text of ['zet', 'zeta', 'zet care', 'care zet', 'child zeta care', 'zet zeta', 'zetas'])
      for (const limit of [1, 5, 50]) expect(query(archive, queryTerms(text), limit), `${text}, ${limit}`).toEqual(scoreEveryPage(archive, queryTerms(text), limit, NO_SYNONYMS));
  });
});

describe('made ahead at start (issue 47): block bounds, sums to sum into, every path of the query once', () => {
  /** 2,400 pages that all say the common words (some also "careful", "carers"), 1 in 40 a "zet" word, every tenth "rarely". */
  const archivePages = (salt: number): IndexedPage[] =>
    Array.from({ length: 2400 }, (_, i) => ({
      path: `/archive/story-${i}/`,
      type: 'Pages',
      title: `Archive story ${i}${i % 6 === salt % 6 ? ' care' : ''}`,
      body: `care child day ${i % 3 === salt % 3 ? 'careful carers' : 'home'} ${i % 40 === 0 ? `zeta zetas ${i % 80 === 0 ? 'zetta' : ''}` : ''} ${i % 10 === 0 ? 'rarely' : ''} ${'care '.repeat(i % 5)}`,
    }));

  it('the queries take every path: common words, a prefix summed per page, a prefix listed, a rare word', () => {
    const archive = buildIndex(archivePages(0));
    const queries = warmUpQueries(archive);
    const postings = (term: string) => {
      const [from, to] = prefixRange(archive.vocabulary, term);
      return { words: to - from, postings: (archive.offsets[to] as number) - (archive.offsets[from] as number) };
    };
    const terms = new Set(queries.flat());
    const kinds = [...terms].map((term) => postings(term));
    expect(kinds.some((kind) => kind.words > 1 && kind.postings > 2400 / 16), 'a prefix summed per page').toBe(true);
    expect(kinds.some((kind) => kind.words > 1 && kind.postings <= 2400 / 16), 'a prefix listed').toBe(true);
    expect(kinds.some((kind) => kind.words === 1 && kind.postings < 150), 'a rare word').toBe(true);
    expect(queries.some((q) => q.length >= 2)).toBe(true);
    expect(warmUpQueries(buildIndex([]))).toEqual([]);
  });

  it('after the warm-up, and with more words summed than are kept (their arrays used again), it ranks as scoring every page does', async () => {
    const archive = buildIndex(archivePages(1));
    expect(await warmSearch(archive)).toBeGreaterThan(40);
    const asked = ['care child', 'car day', 'zet care', 'care zet', 'rarely care', 'ca', 'c d', ...Array.from({ length: 40 }, (_, n) => `${'careful'.slice(0, 2 + (n % 6))} ${['child', 'day', 'home', 'zeta'][n % 4]}`)];
    for (const text of asked)
      for (const limit of [5, 50]) expect(query(archive, queryTerms(text), limit), `${text}, ${limit}`).toEqual(scoreEveryPage(archive, queryTerms(text), limit, NO_SYNONYMS));
  });

  it('a step that throws ends the warm-up with one warning, and nothing is thrown where the server would crash', async () => {
    const broken = buildIndex(archivePages(3));
    const warnings: string[] = [];
    const warming = warmSearch(broken, NO_SYNONYMS, (message) => warnings.push(message));
    // Broken after the steps were planned: the first step that reads the postings throws.
    Object.defineProperty(broken, 'offsets', {
      get() {
        throw new Error('a broken index');
      },
    });
    expect(await warming).toBe(0);
    expect(warnings).toEqual([expect.stringMatching(/warm-up stopped at step 1 of \d+: Error: a broken index/)]);
  });

  it('a new build swapped into the same index object (a publish) with as many pages is searched by its own numbers, not the last one’s', () => {
    const swapped = buildIndex(archivePages(2));
    for (const text of ['care child', 'car day', 'zet care', 'careful']) query(swapped, queryTerms(text), 5);
    Object.assign(swapped, buildIndex(archivePages(5)));
    const fresh = buildIndex(archivePages(5));
    for (const text of ['care child', 'car day', 'zet care', 'careful']) expect(query(swapped, queryTerms(text), 5), text).toEqual(query(fresh, queryTerms(text), 5));
  });
});

describe('block bounds (issue 47): a query of common words skips the blocks that cannot rank', () => {
  it('ranks as scoring every page does where every page has the words, as a large archive has them', () => {
    let state = 47;
    const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    const common = ['care', 'child', 'fever', 'nurse', 'family', 'home', 'day', 'centre'];
    // Every page says every common word, some more often; titles name the page and some of the words.
    const pages: IndexedPage[] = Array.from({ length: 3000 }, (_, i) => ({
      path: `/archive/story-${i}/`,
      type: 'Pages',
      title: `Archive story ${i}${i % 5 === 0 ? ' care' : ''}${i % 7 === 0 ? ' child day' : ''}`,
      body: Array.from({ length: 40 + Math.floor(random() * 120) }, (_, w) => common[w < common.length ? w : Math.floor(common.length * random() ** 2)]).join(' '),
    }));
    const archive = buildIndex(pages);
    const queries = ['care child', 'fever nurse', 'care', 'child day', 'home centre family', 'archive story', 'story 12', 'care chil', 'da', 'archive care child day'];
    for (const text of queries)
      for (const limit of [1, 50]) expect(query(archive, queryTerms(text), limit), `${text}, ${limit}`).toEqual(scoreEveryPage(archive, queryTerms(text), limit, NO_SYNONYMS));
  });
});

describe('the index is saved per build (issue 15)', () => {
  const dirs: string[] = [];
  const temp = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitecharts-index-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const writePage = (staticDir: string, path: string, title: string) => {
    mkdirSync(join(staticDir, path), { recursive: true });
    writeFileSync(join(staticDir, path, 'index.html'), `<html><body><main><h1>${title}</h1><p>About ${title.toLowerCase()}.</p></main></body></html>`);
  };

  it('a restart with the same pages reuses it; a changed page rebuilds it and drops the old one', async () => {
    const staticDir = temp();
    const dataDir = temp();
    writePage(staticDir, '', 'Welcome');
    writePage(staticDir, 'harbour', 'Harbour room');
    const first = await loadOrBuildIndex(staticDir, dataDir);
    expect(first.reused).toBe(false);
    expect(readdirSync(join(dataDir, INDEX_DIR))).toEqual([`${first.hash}${INDEX_SUFFIX}`]);

    const second = await loadOrBuildIndex(staticDir, dataDir);
    expect(second).toMatchObject({ reused: true, hash: first.hash });
    expect(search(second.index, 'harb', 5).map((hit) => hit.path)).toEqual(['/harbour/']);

    writePage(staticDir, 'harbour', 'Garden room');
    const third = await loadOrBuildIndex(staticDir, dataDir);
    expect(third.reused).toBe(false);
    expect(third.hash).not.toBe(first.hash);
    expect(readdirSync(join(dataDir, INDEX_DIR))).toEqual([`${third.hash}${INDEX_SUFFIX}`]);
    expect(search(third.index, 'harb', 5)).toEqual([]);
    expect(search(third.index, 'garden', 5).map((hit) => hit.path)).toEqual(['/harbour/']);
  });

  it('with the build’s record of the pages: a restart reads no page; a new record re-indexes a changed page and drops a removed one', async () => {
    const staticDir = temp();
    const dataDir = temp();
    writePage(staticDir, '', 'Welcome');
    writePage(staticDir, 'harbour', 'Harbour room');
    writePage(staticDir, 'garden', 'Garden room');
    writeHtmlManifest(staticDir);
    const first = await loadOrBuildIndex(staticDir, dataDir);
    expect(first.reused).toBe(false);
    first.close();
    // The pages are not read at a restart: even one gone since the record was written is not missed.
    rmSync(join(staticDir, 'garden'), { recursive: true });
    const second = await loadOrBuildIndex(staticDir, dataDir);
    expect(second).toMatchObject({ reused: true, hash: first.hash });
    expect(search(second.index, 'garden', 5).map((hit) => hit.path)).toEqual(['/garden/']);
    second.close();
    // The next build records the pages as they are now.
    writePage(staticDir, 'harbour', 'Lighthouse room');
    writeHtmlManifest(staticDir);
    const third = await loadOrBuildIndex(staticDir, dataDir);
    expect(third.reused).toBe(false);
    expect(search(third.index, 'harbour', 5)).toEqual([]);
    expect(search(third.index, 'garden', 5)).toEqual([]);
    expect(search(third.index, 'lighthouse', 5)).toEqual([{ path: '/harbour/', type: 'Pages', title: 'Lighthouse room', excerpt: 'About lighthouse room.' }]);
    expect(readdirSync(join(dataDir, INDEX_DIR))).toEqual([`${third.hash}${INDEX_SUFFIX}`]);
    third.close();
  });

  it('a record that lists a page no longer there fails the build of the index with what to do', async () => {
    const staticDir = temp();
    writePage(staticDir, 'harbour', 'Harbour room');
    writeHtmlManifest(staticDir);
    rmSync(join(staticDir, 'harbour'), { recursive: true });
    await expect(loadOrBuildIndex(staticDir, temp())).rejects.toThrow(`${HTML_MANIFEST} lists harbour/index.html, which is not in ${staticDir}: the site was changed after it was built; build it again (npm run build) or delete ${HTML_MANIFEST}`);
  });

  it('without a record: a removed page disappears at the next start', async () => {
    const staticDir = temp();
    const dataDir = temp();
    writePage(staticDir, 'harbour', 'Harbour room');
    writePage(staticDir, 'garden', 'Garden room');
    expect(search((await loadOrBuildIndex(staticDir, dataDir)).index, 'room', 5)).toHaveLength(2);
    rmSync(join(staticDir, 'garden'), { recursive: true });
    const again = await loadOrBuildIndex(staticDir, dataDir);
    expect(again.reused).toBe(false);
    expect(search(again.index, 'room', 5).map((hit) => hit.path)).toEqual(['/harbour/']);
  });

  it('an unreadable saved index is rebuilt with one warning, and search still works', async () => {
    const staticDir = temp();
    const dataDir = temp();
    writePage(staticDir, 'harbour', 'Harbour room');
    const { hash } = await loadOrBuildIndex(staticDir, dataDir);
    writeFileSync(join(dataDir, INDEX_DIR, `${hash}${INDEX_SUFFIX}`), 'not an index');
    const warnings: string[] = [];
    const again = await loadOrBuildIndex(staticDir, dataDir, (message) => warnings.push(message));
    expect(again.reused).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(search(again.index, 'harbour', 5).map((hit) => hit.path)).toEqual(['/harbour/']);
    expect((await loadOrBuildIndex(staticDir, dataDir)).reused).toBe(true);
  });
});

describe('a first start builds the index on every core (issue 35)', () => {
  it('in runs on threads of their own, it is the same index as built in one, the pages’ text included', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'sitecharts-build-'));
    try {
      const files = Array.from({ length: 12 }, (_, i) => {
        const file = `p${i}/index.html`;
        mkdirSync(join(staticDir, `p${i}`));
        const main = i === 5 ? '' : `<main><h1>Page ${i} café</h1><p>${'care child nurse day '.repeat(i)} w${i} crème ${i % 3 === 0 ? '' : 'shared'}</p></main>`;
        writeFileSync(join(staticDir, file), `<html><body>${main}</body></html>`);
        return file;
      });
      const single = buildIndex(readPages(staticDir, files));
      const built = await buildFromFiles(staticDir, files, 3);
      expect(built.index.pages.map((page) => ({ ...page, body: page.body }))).toEqual(single.pages);
      expect(built.index.pages).toHaveLength(11); // the page without <main> is not content
      expect({ ...built.index, pages: [] }).toEqual({ ...single, pages: [] });
      expect(Buffer.concat(built.bodies).toString('utf8')).toBe(single.pages.map((page) => page.body).join(''));
      expect(built.bodyEnd.at(-1)).toBe(Buffer.concat(built.bodies).length);
      const saved = join(staticDir, 'x.idx');
      writeIndexFile(saved, built.index, built);
      expect(readFileSync(saved).equals(encodeIndex(single))).toBe(true);
    } finally {
      rmSync(staticDir, { recursive: true, force: true });
    }
  });

  it('a page missing in a run on another thread fails the build with what to do', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'sitecharts-build-'));
    try {
      mkdirSync(join(staticDir, 'a'));
      writeFileSync(join(staticDir, 'a/index.html'), '<main><h1>A</h1></main>');
      await expect(buildFromFiles(staticDir, ['a/index.html', 'gone/index.html'], 2)).rejects.toThrow(`lists gone/index.html, which is not in ${staticDir}`);
    } finally {
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('the saved index file (issue 15)', () => {
  const pages = [
    { path: '/', type: 'Pages', title: 'Welcome', body: 'Nurses visit every day.' },
    { path: '/café/', type: 'News', title: 'Café “Harbour” 🌊', body: 'Crème brûlée for the families’ coffee morning.' },
    { path: '/empty/', type: 'Pages', title: '', body: '' },
  ];

  it('loads back as the same index, non-ASCII text included', () => {
    const index = buildIndex(pages);
    const loaded = decodeIndex(encodeIndex(index));
    if (loaded instanceof Error) throw loaded;
    expect(loaded.pages).toEqual(index.pages);
    expect(loaded.vocabulary).toEqual(index.vocabulary);
    expect([...loaded.offsets]).toEqual([...index.offsets]);
    expect([...loaded.postingPage]).toEqual([...index.postingPage]);
    expect([...loaded.postingFreq]).toEqual([...index.postingFreq]);
    expect([...loaded.postingTitle]).toEqual([...index.postingTitle]);
    expect([...loaded.pageLength]).toEqual([...index.pageLength]);
    expect([...loaded.titleLength]).toEqual([...index.titleLength]);
    expect(loaded.averageLength).toBe(index.averageLength);
    expect(search(loaded, 'creme', 5).map((hit) => hit.path)).toEqual(['/café/']);
  });

  it('opened from its file, the pages’ text is read when shown, not before, and not after it is closed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitecharts-index-file-'));
    try {
      const file = join(dir, 'x.idx');
      writeIndexFile(file, buildIndex(pages));
      expect(readFileSync(file).equals(encodeIndex(buildIndex(pages)))).toBe(true);
      const opened = openIndexFile(file);
      if (opened instanceof Error) throw opened;
      expect(opened.index.pages).toEqual(pages);
      expect(search(opened.index, 'creme', 5)).toEqual([{ path: '/café/', type: 'News', title: 'Café “Harbour” 🌊', excerpt: 'Crème brûlée for the families’ coffee morning.' }]);
      // The text is in the file, not in memory: overwritten in place, the next answer shows the new bytes.
      const bytes = readFileSync(file);
      const at = bytes.lastIndexOf('Crème');
      bytes.write('Creme', at, 'utf8');
      writeFileSync(file, bytes.subarray(0, bytes.length));
      expect(opened.index.pages[1]?.body.startsWith('Creme')).toBe(true);
      opened.close();
      expect(() => opened.index.pages[1]?.body).toThrow();
      writeFileSync(file, readFileSync(file).subarray(0, 100));
      const cut = openIndexFile(file);
      expect(cut).toBeInstanceOf(Error);
      expect((cut as Error).message).toMatch(/bytes where the header says at least/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a cut or foreign file is refused with the reason, never misread', () => {
    const bytes = encodeIndex(buildIndex(pages));
    expect(decodeIndex(bytes.subarray(0, bytes.length - 3))).toBeInstanceOf(Error);
    expect(decodeIndex(Buffer.from('not an index at all, just some text'))).toBeInstanceOf(Error);
    // An unaligned copy (as a small file may be read into Node's buffer pool) still loads.
    const unaligned = Buffer.alloc(bytes.length + 1).subarray(1);
    bytes.copy(unaligned);
    expect(decodeIndex(unaligned)).not.toBeInstanceOf(Error);
  });
});
