import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore } from '../store/db';
import { liveAnswer } from './answer';
import { LIVE_LIMIT, PAGE_LIMIT, replaceIndex, search } from './index';
import type { IndexedPage } from './text';

/**
 * `npm run bench:search`: server-side latency of the live search (query + answer HTML) and of the
 * full results page query, over an index of 10,000 generated pages. Reported, not asserted.
 */
const PAGES = 10_000;
const QUERIES = 2_000;
const TYPES = ['Pages', 'News', 'Guides', 'Events'];
const WORDS = `care child fever nurse family home day centre support dose weight pounds medicine visit team parent
  night sleep cough winter school therapy breathing feeding growth play music garden volunteer donate event
  appointment clinic report review plan equipment oxygen tube diet allergy rash vaccine travel respite sibling
  grief counselling transport wheelchair bath lift ramp bed monitor alarm pump syringe bottle milk formula`
  .split(/\s+/)
  .filter(Boolean);

/** A small seeded generator (mulberry32) so every run indexes the same pages. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seeded(20261122);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
/** A site's vocabulary: the care words above, then 4,000 rarer made-up words, drawn with a Zipf-like skew. */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'shi', 'an', 'el', 'or', 'un'];
const VOCABULARY = [...WORDS, ...Array.from({ length: 4_000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''))];
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 2.5)] as string;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function measure(label: string, queries: readonly string[], run: (query: string) => unknown) {
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    run(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
  console.log(`${label.padEnd(34)} p50 ${fmt(percentile(times, 50))}   p95 ${fmt(percentile(times, 95))}   max ${fmt(times.at(-1) ?? 0)}`);
}

const dir = mkdtempSync(join(tmpdir(), 'sitecharts-bench-'));
const store = openStore(dir);
try {
  const pages: IndexedPage[] = Array.from({ length: PAGES }, (_, i) => ({
    path: `/generated/${i}/`,
    type: pick(TYPES),
    title: `${sentence(3)} ${i}`,
    body: Array.from({ length: 12 }, () => `${sentence(14)}.`).join(' '),
  }));
  const built = performance.now();
  replaceIndex(store, pages);
  console.log(`indexed ${PAGES} pages (${Math.round(pages.reduce((n, p) => n + p.body.length, 0) / 1024)} kB of text) in ${(performance.now() - built).toFixed(0)} ms`);

  const queries = Array.from({ length: QUERIES }, (_, i) => {
    const kind = i % 4;
    if (kind === 0) return word();
    if (kind === 1) return pick(WORDS).slice(0, 3 + Math.floor(random() * 3)); // a prefix of a common word, as typed
    if (kind === 2) return `${word()} ${word()}`;
    return `zq${Math.floor(random() * 1e6)}`; // a miss
  });
  for (const query of queries.slice(0, 50)) search(store, query, LIVE_LIMIT); // warm the cache
  measure('live search (5 entries + HTML)', queries, (q) => liveAnswer(search(store, q, LIVE_LIMIT), q));
  measure('results page query (50 entries)', queries, (q) => search(store, q, PAGE_LIMIT));
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
