import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archivePage } from '../../bench/archive';
import { pagePathOf, readBuiltHtml } from '../../../server/built-html';
import { htmlManifestOf, readHtmlManifest } from '../../../server/html-manifest';
import { buildFromFiles } from '../../../server/search/build';
import { readPageBytes, readSearchText, searchTextFile } from '../../../server/search/text';
import { DEMO_DIR, loadSiteConfig } from '../../../server/site-folder';
import { codeFingerprint } from '../code-fingerprint.mjs';
import { sitemapFiles } from '../render-site';
import { PAGE_RECORD, prerenderPages, type PrerenderOptions } from './prerender-pages';

/**
 * Issue 47: an incremental build (pages taken from the previous release where their file and the
 * shared inputs are unchanged) writes exactly what a full build writes, byte for byte; a change to
 * what every page shares (the code: the shell, a widget) renders every page again.
 */
const work = mkdtempSync(join(tmpdir(), 'sitecharts-incremental-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const content = join(work, 'content');
cpSync(join(DEMO_DIR, 'content/pages'), join(content, 'pages'), { recursive: true });
mkdirSync(join(content, 'pages/archive'));
for (let n = 1; n <= 30; n++) writeFileSync(join(content, `pages/archive/story-${n}.md`), archivePage(n, () => `Paragraph of story ${n}, about the care team.`));
const site = await loadSiteConfig(DEMO_DIR);
const assets = { entryScript: '/assets/client-abc.js', stylesheets: ['/assets/client-abc.css'], modulePreloads: ['/assets/runtime-abc.js'] };

/** A release folder built from the content as it is now. */
async function build(name: string, options: Partial<PrerenderOptions> = {}) {
  const release = join(work, name);
  mkdirSync(join(release, 'client'), { recursive: true });
  const result = await prerenderPages({ site, siteDir: DEMO_DIR, contentDir: content, clientDir: join(release, 'client'), outDir: release, assets, code: 'code-1', ...options });
  return { release, result };
}

/** Every file under `dir` and its bytes. */
function files(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(dir, name);
    try {
      found.set(relative(dir, path), readFileSync(path).toString('base64'));
    } catch {
      // a folder
    }
  }
  return found;
}

describe('the incremental build', { timeout: 300_000 }, () => {
  it('renders only the edited page, and writes what a full build writes, byte for byte', async () => {
    const first = await build('first');
    expect(first.result.rendered).toBe(first.result.pages.length + 1); // every page and the 404 page
    appendFileSync(join(content, 'pages/archive/story-7.md'), '\nOne more sentence.\n');

    const incremental = await build('incremental', { previous: first.release });
    expect(incremental.result.rendered).toBe(1);
    expect(incremental.result.reused).toBe(first.result.rendered - 1);
    const full = await build('full');
    expect(full.result.reused).toBe(0);

    const built = files(incremental.release);
    expect(built.get('client/archive/story-7/index.html')).not.toBe(files(first.release).get('client/archive/story-7/index.html'));
    expect(Buffer.from(built.get('client/archive/story-7/index.html') ?? '', 'base64').toString()).toContain('One more sentence.');
    expect([...built.keys()]).toEqual([...files(full.release).keys()]);
    expect(built).toEqual(files(full.release));
    expect(built.has(PAGE_RECORD)).toBe(true);
    // The server's record of the HTML, made from the pages' records, is what reading every file finds.
    expect(readHtmlManifest(join(incremental.release, 'client'))).toEqual({ ...htmlManifestOf(readBuiltHtml(join(incremental.release, 'client'))), searchText: true });
    expect(Buffer.from(built.get('client/archive/story-7/.index.search') ?? '', 'base64').toString()).toContain('One more sentence.');
  });

  it("writes each page's search text beside it, as the server reads it from the HTML; the index built from those is the one built from the HTML", async () => {
    const { release } = await build('search-text');
    const client = join(release, 'client');
    const manifest = readHtmlManifest(client);
    if (!manifest || manifest instanceof Error) throw new Error(`no record of the HTML: ${String(manifest)}`);
    expect(manifest.searchText).toBe(true);
    expect(manifest.pageFiles.length).toBeGreaterThan(30);
    for (const file of manifest.pageFiles) {
      const fromHtml = readPageBytes(pagePathOf(file), readFileSync(join(client, file)));
      expect(readSearchText(pagePathOf(file), readFileSync(join(client, searchTextFile(file))))?.page ?? null, file).toEqual(fromHtml);
    }
    const [fromText, fromHtml] = await Promise.all([buildFromFiles(client, manifest.pageFiles, 2, true), buildFromFiles(client, manifest.pageFiles, 2, false)]);
    expect(fromText.index.pages.length).toBeGreaterThan(30);
    expect({ ...fromText.index, pages: fromText.index.pages.map((page) => ({ ...page })) }).toEqual({ ...fromHtml.index, pages: fromHtml.index.pages.map((page) => ({ ...page })) });
    expect(Buffer.concat(fromText.bodies)).toEqual(Buffer.concat(fromHtml.bodies));
    // A draft, or a page without <main>, is an empty file: the search leaves it out.
    expect(readSearchText('/x/', Buffer.alloc(0))).toBeNull();
    expect(() => readSearchText('/x/', Buffer.from('not json\nbody'))).toThrow('the search text of /x/ does not start with its type and title');
  });

  it('reads only the files changed on disk since the files\' memo, and writes what a full build writes', async () => {
    const memo = join(work, 'memo/files.ndjson');
    // Written an hour ago: older than the memo by more than the file system's timestamp granularity.
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of readdirSync(join(content, 'pages'), { recursive: true, encoding: 'utf8' })) if (name.endsWith('.md')) utimesSync(join(content, 'pages', name), hourAgo, hourAgo);
    // Their status change time is now: a build within 2 s of it would read them all (racily clean).
    await new Promise((done) => setTimeout(done, 2100));
    const first = await build('memo-first', { fileMemo: memo });
    expect(first.result.read).toBeGreaterThan(30);
    appendFileSync(join(content, 'pages/archive/story-9.md'), '\nA sentence for the memo.\n');
    const incremental = await build('memo-incremental', { previous: first.release, fileMemo: memo });
    expect(incremental.result.read).toBe(1);
    expect(incremental.result.rendered).toBe(1);
    // A file replaced by one of the same size and time (an editor's save): a new inode, read again.
    const story = join(content, 'pages/archive/story-3.md');
    const text = readFileSync(story, 'utf8').replace('story 3', 'STORY 3');
    rmSync(story);
    writeFileSync(story, text);
    utimesSync(story, hourAgo, hourAgo);
    const replaced = await build('memo-replaced', { previous: incremental.release, fileMemo: memo });
    // story-3, and story-9 again: edited within 2 s of the last build's look at it.
    expect(replaced.result.read).toBe(2);
    expect(Buffer.from(files(replaced.release).get('client/archive/story-3/index.html') ?? '', 'base64').toString()).toContain('STORY 3');
    expect(files(replaced.release)).toEqual(files((await build('memo-full')).release));
  });

  it('a change to the code every page shares (the shell, a widget) renders every page again', async () => {
    const first = await build('code-first');
    const changed = await build('code-changed', { previous: first.release, code: 'code-2' });
    expect(changed.result.reused).toBe(0);
    expect(changed.result.rendered).toBe(first.result.rendered);
  });

  it('the code fingerprint changes with the shell, and not with a content page', () => {
    const siteDir = join(work, 'site');
    cpSync(DEMO_DIR, siteDir, { recursive: true, filter: (path) => !path.includes('node_modules') });
    const fingerprint = () => codeFingerprint({ root: join(DEMO_DIR, '..'), siteDir, contentDir: join(siteDir, 'content'), env: {} });
    const before = fingerprint();
    appendFileSync(join(siteDir, 'content/pages/about.md'), '\nMore words.\n');
    expect(fingerprint()).toBe(before);
    // With the content elsewhere (CONTENT_DIR, as the build bench sets it), the site's own content/
    // holds no page of this build, and no code either.
    const elsewhere = () => codeFingerprint({ root: join(DEMO_DIR, '..'), siteDir, contentDir: join(work, 'content'), env: {} });
    const away = elsewhere();
    appendFileSync(join(siteDir, 'content/pages/about.md'), '\nMore words again.\n');
    expect(elsewhere()).toBe(away);
    appendFileSync(join(siteDir, 'Shell.tsx'), '\n// a change to the shell\n');
    expect(fingerprint()).not.toBe(before);
    expect(elsewhere()).not.toBe(away);
  });
});

describe('the sitemap of a large site', () => {
  it('is one file up to the limit, and past it an index of files of at most that many addresses', () => {
    const paths = ['/', '/a/', '/b/', '/c/', '/d/'];
    const day = new Date('2026-12-05T00:00:00Z');
    expect(sitemapFiles('https://example.org', paths, day, 5).map((file) => file.file)).toEqual(['sitemap.xml']);
    const split = sitemapFiles('https://example.org', paths, day, 2);
    expect(split.map((file) => file.file)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(split[0]?.content).toContain('<sitemapindex');
    expect(split[0]?.content).toContain('<loc>https://example.org/sitemap-3.xml</loc>');
    expect(split[3]?.content).toContain('<loc>https://example.org/d/</loc>');
    expect(split[1]?.content.match(/<url>/g)).toHaveLength(2);
  });
});
