import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer, type RunningServer } from '../../tests/support/site-server';
import { EXCERPT_CHARS, excerpt } from './index';
import { queryTerms } from './inverted';

/** Live search (action avia_ajax_search) and the /search/ page over real HTTP, on a fixture site. */
let server: RunningServer;
let staticDir: string;

function page(path: string, title: string, text: string, type?: string) {
  const dir = join(staticDir, path);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!DOCTYPE html><html><head><title>${title} | Site</title><script>var fever = 1;</script></head><body><header>Fever header noise</header><main><article${type ? ` data-search-type="${type}"` : ''}><h1>${title}</h1><p>${text}</p><script type="application/json">{"fever":"in a script"}</script></article></main></body></html>`,
  );
}

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'sitecharts-search-'));
  page('', 'Welcome', 'Nurse-led care for children at home and in our day centre.');
  page('dosing', 'Fever dosing', 'Acetaminophen &amp; ibuprofen doses by weight in pounds, for a child with a fever.');
  for (let i = 1; i <= 6; i++) page(`news/fever-${i}`, `Fever season note ${i}`, `Winter brings fever and coughs. Note number ${i} about care at home.`, 'News');
  page('cafe', 'Café evenings', 'Parents meet for coffee at the crèche every Thursday. Question: __SC_CAPTCHA_QUESTION__');
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(join(staticDir, '.vite/manifest.json'), JSON.stringify({ 'demo/client.ts': { file: 'assets/client-test.js', css: ['assets/client-test.css'], isEntry: true } }));
  server = await startSiteServer({ env: { STATIC_DIR: staticDir } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

async function live(s: string | undefined) {
  const body = new URLSearchParams({ action: 'avia_ajax_search', ...(s === undefined ? {} : { s }) });
  const response = await fetch(`${server.url}/ajax`, { method: 'POST', body });
  return { status: response.status, text: await response.text() };
}

const entries = (html: string) => [...html.matchAll(/data-search-entry="" href="([^"]+)"/g)].map((m) => m[1]);

describe('live search (§4, §7 avia_ajax_search)', () => {
  it('answers at most 5 entries, grouped by type, best (title) match first, with a view-all link', async () => {
    const { status, text } = await live('fever');
    expect(status).toBe(200);
    const found = entries(text);
    expect(found).toHaveLength(5);
    expect(found[0]).toBe('/dosing/');
    const groups = [...text.matchAll(/data-search-group="([^"]+)"/g)].map((m) => m[1]);
    expect(groups).toEqual(['Pages', 'News']);
    expect(text).toContain('<a class="ajax-search-answer__view-all" data-search-view-all="" href="/search/?s=fever">View all results</a>');
    expect(text).not.toContain('in a script');
    expect(text).not.toContain('header noise');
  });

  it('each entry has its title and an excerpt of about 70 characters around the match', async () => {
    const { text } = await live('weight pounds');
    expect(text).toContain('<strong class="ajax-search-answer__title" data-search-title="">Fever dosing</strong>');
    const excerpt = /data-search-excerpt="">([^<]*)</.exec(text)?.[1] ?? '';
    expect(excerpt).toContain('weight');
    expect(excerpt.replace(/&#\d+;/g, '&').length).toBeLessThanOrEqual(EXCERPT_CHARS + 2);
  });

  it('no match: a not-found entry, the query escaped, and still the view-all link', async () => {
    const { text } = await live('<img src=x onerror=alert(1)>"zzzz');
    expect(entries(text)).toEqual([]);
    expect(text).toContain('data-search-not-found');
    expect(text).not.toContain('<img');
    expect(text).toContain('&#60;img src=x onerror=alert(1)&#62;&#34;zzzz');
    expect(text).toContain('href="/search/?s=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%22zzzz"');
  });

  it('fewer than 3 characters, or no s at all, answers "0" (empty)', async () => {
    expect((await live('fe')).text).toBe('0');
    expect((await live('  f  ')).text).toBe('0');
    expect((await live(undefined)).text).toBe('0');
  });

  it('FTS syntax in the query is taken as words, never as operators', async () => {
    for (const q of ['fever OR NEAR(', '"unbalanced', 'title:fever', '***', 'a AND b NOT c']) {
      const { status } = await live(q);
      expect(status, q).toBe(200);
    }
  });

  it('accents do not matter, prefixes match, unicode is fine', async () => {
    expect(entries((await live('cafe')).text)).toEqual(['/cafe/']);
    expect(entries((await live('crèch')).text)).toEqual(['/cafe/']);
    expect((await live('日本語テキスト')).status).toBe(200);
    expect(entries((await live('captcha')).text)).toEqual([]);
  });
});

describe('GET /search/?s= (the full results page; the no-JS fallback of the header search)', () => {
  it('renders every match in the site shell with the built assets', async () => {
    const response = await fetch(`${server.url}/search/?s=fever`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('/assets/client-test.js');
    expect(html).toContain('Search results for “fever”');
    expect(html).toContain('7 pages match.');
    expect(html).toContain('data-widget="ajax-search"');
  });

  it('escapes the query and says when it is too short or unmatched', async () => {
    const xss = await (await fetch(`${server.url}/search/?s=${encodeURIComponent('<script>alert(1)</script>')}`)).text();
    expect(xss).not.toContain('<script>alert');
    expect(xss).toContain('Sorry, nothing matched');
    const short = await (await fetch(`${server.url}/search/?s=ab`)).text();
    expect(short).toContain('Type at least 3 characters to search.');
    const redirect = await fetch(`${server.url}/search?s=fever`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/search/?s=fever');
  });
});

describe('search helpers', () => {
  it('takes the words of a query, never its punctuation, at most 8 of them', () => {
    expect(queryTerms(' Fever "OR" near(x ')).toEqual(['fever', 'or', 'near', 'x']);
    expect(queryTerms('***')).toEqual([]);
    expect(queryTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it('cuts the excerpt at word ends around the first match', () => {
    const body = 'One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen';
    const text = excerpt(body, 'twelve');
    expect(text).toContain('twelve');
    expect(text.startsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(EXCERPT_CHARS + 2);
  });
});
