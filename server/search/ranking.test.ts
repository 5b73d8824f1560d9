import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../runtime/random';
import { startSiteServer, type RunningServer } from '../../tests/support/site-server';
import { search } from './index';
import { words, type InvertedIndex } from './inverted';
import { loadOrBuildIndex, type LoadedIndex } from './persist';

/**
 * Issue 47, goal 5: the ranking on a generated archive of 2,000 pages titled "Archive story N …"
 * (written as built pages in a temporary folder, indexed as the server indexes them: in threads,
 * saved, opened from the file), queried in-process for the properties and over HTTP (the live
 * search and /search/) for what a visitor gets.
 */
const STORIES = 2000;
let staticDir: string;
let dataDir: string;
let loaded: LoadedIndex;
let index: InvertedIndex;
let server: RunningServer;

/** Seeded, so the archive is the same at every run. */
const random = seededRandom(47);
const VOCABULARY = 'harbour lights morning tide garden music nurse family winter summer volunteer appeal lantern kite picnic choir'.split(' ');
const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)] as string;
const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');

function writePage(path: string, title: string, paragraphs: readonly string[]) {
  const dir = join(staticDir, path);
  mkdirSync(dir, { recursive: true });
  const body = paragraphs.map((text) => `<p>${text}</p>`).join('');
  writeFileSync(join(dir, 'index.html'), `<!DOCTYPE html><html lang="en"><head><title>${title} | Site</title></head><body><main><article data-search-type="Stories"><h1>${title}</h1>${body}</article></main></body></html>`);
}

/** Story N's title: "Archive story N" and two words. */
const titles = new Map<number, string>();

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'sitecharts-archive-'));
  dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-archive-data-'));
  for (let n = 1; n <= STORIES; n++) {
    const title = `Archive story ${n} ${sentence(2)}`;
    titles.set(n, title);
    // Five paragraphs; every page also names stories and numbers in its text, as archives do, and
    // the longer numbers' pages say "story" more often, which BM25 alone rewarded.
    const paragraphs = Array.from({ length: 5 }, (_, p) => `${sentence(12)}. See story ${(n * 7 + p * 131) % STORIES} and story ${n}.`);
    if (n > 99) paragraphs.push(`This story continues story ${n}: story after story.`);
    writePage(`archive/story-${n}`, title, paragraphs);
  }
  // A title and longer titles that contain it, whose pages say its words more often.
  writePage('harbour-lights', 'Harbour lights', ['The evening walk along the quay.']);
  writePage('harbour-lights-appeal', 'Harbour lights appeal report', ['Harbour lights, harbour lights: the harbour lights appeal raised the harbour lights fund.']);
  writePage('harbour-lights-night', 'Harbour lights at night', ['Harbour lights on harbour lights night, harbour lights everywhere.']);
  // Synonyms (issue 49): the dosing page says acetaminophen only.
  writePage('dosing', 'Fever and pain medicine', ['Find a child’s dose of acetaminophen by weight.']);
  // The results page renders in the site's shell with the built assets.
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(join(staticDir, '.vite/manifest.json'), JSON.stringify({ 'demo/client.ts': { file: 'assets/client-test.js', css: [], isEntry: true } }));
  loaded = await loadOrBuildIndex(staticDir, dataDir);
  index = loaded.index;
  server = await startSiteServer({ env: { STATIC_DIR: staticDir } });
}, 300_000); // 2,000 pages written, indexed and a server started: over a minute on a busy 2-core machine

afterAll(async () => {
  loaded?.close();
  await server?.stop();
  rmSync(staticDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const paths = (text: string, limit = 50) => search(index, text, limit).map((hit) => hit.path);

async function live(s: string): Promise<Array<{ path: string; title: string }>> {
  const response = await fetch(`${server.url}/ajax`, { method: 'POST', body: new URLSearchParams({ action: 'avia_ajax_search', s }) });
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/data-search-entry="" href="([^"]+)"><strong[^>]*>([^<]*)</g)].map((m) => ({ path: m[1] as string, title: m[2] as string }));
}

describe('ranking on a generated archive of 2,000 stories (issue 47, goal 5)', () => {
  it('`story 77` puts story 77 first, over HTTP in the live search and on /search/', async () => {
    expect(paths('story 77')[0]).toBe('/archive/story-77/');
    const found = await live('story 77');
    expect(found[0]).toEqual({ path: '/archive/story-77/', title: titles.get(77) });
    // The others are the stories whose number starts with 77, in the title too.
    expect(found.slice(1).every((hit) => /^Archive story 77\d/.test(hit.title)), JSON.stringify(found)).toBe(true);
    const page = await (await fetch(`${server.url}/search/?s=${encodeURIComponent('story 77')}`)).text();
    const listed = [...page.matchAll(/href="(\/archive\/story-\d+\/)"/g)].map((m) => m[1]);
    expect(listed[0]).toBe('/archive/story-77/');
  });

  it('an exact word beats a prefix match: `story N` puts story N first for every N tried', () => {
    for (const n of [1, 7, 12, 19, 77, 100, 123, 200, 777, 1000, 1999]) {
      const found = paths(`story ${n}`);
      expect(found[0], `story ${n}`).toBe(`/archive/story-${n}/`);
    }
  });

  it('a title match beats a body match: pages with the word in their title come first', () => {
    for (const word of ['lights', 'lantern', 'choir', 'picnic']) {
      // Every page with the word: about one in eight has it in its title.
      const hits = search(index, word, index.pages.length);
      const inTitle = hits.map((hit) => words(hit.title).includes(word));
      expect(inTitle.indexOf(false), word).toBeGreaterThan(0);
      // No page with the word only in its body before one with it in its title.
      expect(inTitle.slice(inTitle.indexOf(false)).includes(true), word).toBe(false);
    }
    // A story number named in many pages' text: its own page (number in the title) first.
    const hits = search(index, '1234', 50);
    expect(hits.length).toBeGreaterThan(1);
    expect(hits[0]?.path).toBe('/archive/story-1234/');
  });

  it('a query naming a page’s title returns that page first', async () => {
    for (const n of [5, 77, 640, 1500, 2000]) {
      const title = titles.get(n) as string;
      expect(paths(title)[0], title).toBe(`/archive/story-${n}/`);
    }
    // "Harbour lights" is in longer titles whose pages say it more often.
    expect(paths('harbour lights').slice(0, 3)).toEqual(['/harbour-lights/', expect.any(String), expect.any(String)]);
    expect((await live('Harbour lights'))[0]?.path).toBe('/harbour-lights/');
  });

  it('finds the page that says acetaminophen for "paracetamol" and for a brand name (issue 49), its excerpt at the word', async () => {
    const found = await live('paracetamol');
    expect(found).toEqual([{ path: '/dosing/', title: 'Fever and pain medicine' }]);
    expect((await live('Calpol')).map((hit) => hit.path)).toEqual(['/dosing/']);
    const response = await fetch(`${server.url}/ajax`, { method: 'POST', body: new URLSearchParams({ action: 'avia_ajax_search', s: 'paracetamol dose' }) });
    expect(await response.text()).toMatch(/data-search-excerpt="">[^<]*acetaminophen/);
    // A synonym is a whole word: the start of one finds nothing.
    expect(await live('paracet')).toEqual([]);
  });
});
