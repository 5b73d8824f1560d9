import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { copyFileSync, cpSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { publicAddress, type PublicAddress } from '../../server/config';
import { linksToNoPage } from '../page-links';
import { engineModule } from '../package-exports';
import { loadSiteConfig, siteContentDir, siteDir } from '../../server/site-folder';
import type { Manifest } from '../../server/build-files';
import { codeFingerprint } from './code-fingerprint.mjs';
import { ContentProblems } from './pages/prerender-pages';
import { compressibleFiles, precompress, summary } from './precompress';
import { prerender } from './prerender';

/**
 * `npm run build` (issue 30): publishes the site atomically, so nothing a site owner does in a
 * content file can take the live site down.
 *
 * 1. The content is checked first: a problem prints alone (file:line:column, no bundler output
 *    before it) and nothing is built.
 * 2. The client build, the prerender and the server build write a complete new site into
 *    .publish-dist/<id>/, beside dist/ and outside it (.publish-<folder> for an OUT_DIR).
 * 3. Only when every step succeeded is it moved to dist/releases/<id>/ and `dist/current` pointed at
 *    it in one rename(2). dist/client, dist/server, dist/csp.json and dist/js-graph.json lead through
 *    `current`, so the running server (server/release.ts) serves the new site from its next request.
 *    The previous release's hashed scripts are copied into the new one: a page loaded a second before
 *    the switch still finds its scripts.
 * 4. The last line says what was published and at which address, or that nothing was.
 */
const root = resolve(import.meta.dirname, '../..');
/** Where the site is published: dist/, or OUT_DIR for another site (issue 32), never the demo's dist/ then. */
const dist = resolve(root, process.env.OUT_DIR ?? 'dist');
const releases = join(dist, 'releases');
/** The bundles of the last build's code, by its fingerprint (code-fingerprint.ts). */
const cacheRoot = join(dist, '.cache');
/** The content files as the last build read them (prerender-pages.ts): kept when the bundles change. */
const FILE_MEMO = 'files.ndjson';
/** Where a build keeps its new bundles in its staged release until it is published. */
const BUNDLES = '.bundles';
/** dist/ entries that lead into the current release. */
const LINKED = ['client', 'server', 'csp.json', 'js-graph.json'];
/** Releases kept besides the current one: the one before it (its scripts are carried over), and one more to go back to. */
const KEEP_PREVIOUS = 2;

const nothing = (why: string): never => {
  console.error(`\nNothing was published: ${why}. dist/ and the site being served are unchanged.`);
  process.exit(1);
};

let address: PublicAddress;
try {
  address = publicAddress(process.env);
} catch (error) {
  address = nothing(error instanceof Error ? error.message : String(error));
}

const dir = siteDir();
const content = siteContentDir(dir);
// The prerender runs in this process (and its render threads, which take this environment): the
// site's config reads its address from it as the bundles' builds do.
process.env.NODE_ENV = 'production';
process.env.SITE_URL = address.url;
const site = await loadSiteConfig(dir);

/** The problems first and alone; a loader's summary line ('3 problems in …:') after them. */
function printProblems(message: string): void {
  const [first = '', ...rest] = message.split('\n');
  console.error(first.endsWith(':') ? `${rest.join('\n')}\n\n${first.slice(0, -1)}.` : message);
}

// 1. A site without a content stream (a small one: the starter) is loaded and checked here first,
// its links included unless it checks its own (issue 48); a streamed site's pages are checked as
// they are rendered (issue 47), and a problem stops the build before anything is published.
const routes = await site.routes();
if (!routes.content) {
  try {
    const loaded = routes.loadSite(content);
    const links = site.checkContent ? [] : await linksToNoPage(site, dir, loaded.pages, loaded.menu);
    if (links.length) {
      console.error(links.join('\n'));
      nothing('fix the links and build again');
    }
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ContentError') throw error;
    printProblems(error.message);
    nothing('fix the content and build again');
  }
}

// 2. A complete new site beside the current one.
const id = new Date().toISOString().replace(/[:.]/g, '-');
// Staged beside the output folder, one staging folder per output, so two builds of two sites never share one.
const stagingRoot = join(dirname(dist), `.publish-${basename(dist)}`);
const staging = join(stagingRoot, id);
// Vite where Node finds it from the engine: the repository's node_modules, or the project's that installed the package.
const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
// Always a production build, also when started from a test runner (vitest sets NODE_ENV=test, which
// made Vite bundle React's development build).
const env = { ...process.env, NODE_ENV: 'production', SITE_URL: address.url };

/** The bundlers running (the server's build runs beside the pages): stopped when the build fails, before their folder is removed. */
const running = new Set<ChildProcess>();

/** A build that failed leaves nothing beside the output folder. */
function discardStaging(): void {
  for (const child of running) child.kill('SIGKILL');
  rmSync(staging, { recursive: true, force: true });
  if (existsSync(stagingRoot) && readdirSync(stagingRoot).length === 0) rmSync(stagingRoot, { recursive: true, force: true });
}

/** A bundler's run: what it prints is kept for after the content has passed (`notes`), or shown at once when it fails. */
function step(name: string, args: string[], notes: string[]): Promise<void> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.once('close', (code, signal) => {
      running.delete(child);
      said = said.trimEnd();
      if (code !== 0) {
        if (said) console.error(said);
        discardStaging();
        nothing(`${name} failed (exit ${code ?? signal ?? 'unknown'})`);
      }
      if (said) notes.push(said);
      done();
    });
  });
}

// The bundles are made once per state of the code (issue 47): the same fingerprint takes the last
// build's client and server bundles from the cache (hard links) instead of running Vite again.
const code = codeFingerprint({ root, siteDir: dir, contentDir: content, env });
const cached = join(cacheRoot, code);
const current = join(dist, 'current');
const previous = existsSync(current) ? realpathSync(current) : undefined;
mkdirSync(staging, { recursive: true });
const started = performance.now();
// What the build says of its steps is printed once the content has passed: a problem in it prints alone.
const notes: string[] = [];
const serverNotes: string[] = [];
/** The client's files compressed: started with the pages, ended after them. */
let compressed = async () => {};
let serverBuilt: Promise<void> = Promise.resolve();
const reuseBundles = existsSync(join(cached, 'client', '.vite/manifest.json')) && existsSync(join(cached, 'server', 'main.js'));
if (reuseBundles) {
  linkTree(join(cached, 'client'), join(staging, 'client'));
  linkTree(join(cached, 'server'), join(staging, 'server'));
  notes.push(`the code is unchanged since a build (${code.slice(0, 12)}): its client and server bundles are taken as they were`);
} else {
  await step('the client build', [vite, 'build', '--config', join(root, engineModule(root, 'tooling/build/vite.client.config.ts')), '--logLevel', 'warn', '--outDir', join(staging, 'client'), '--emptyOutDir'], notes);
  // Kept with the staged release, and cached only once it is published: a failed build changes nothing in dist/.
  linkTree(join(staging, 'client'), join(staging, BUNDLES, 'client'));
  // Three things at once from here (issue 47): the client's files compressed on libuv's threads
  // (brotli 11 of its largest script alone is 2-3 s of one core), the server's bundle in Vite's
  // process (about one core), and the pages. Each left a core idle when they ran one after the
  // other. The pages need only the client build's manifest; the files to compress are listed
  // before any page is written. Vite's server build ends early in the pages, while their records
  // are still few (its process beside them is what the peak RSS at 100,000 pages must not meet).
  const clientDir = join(staging, 'client');
  const files = await compressibleFiles(clientDir);
  // Files the pages' step writes with its own compressed forms (robots.txt from public/): compressed
  // here too, the two writes of one .br would race. Those it did not write are compressed after it.
  const pagesWrite = (file: string) => /^(robots\.txt|sitemap(-\d+)?\.xml|404\.html)$|(^|\/)index\.html$/.test(relative(clientDir, file));
  const early = precompress(clientDir, files.filter((file) => !pagesWrite(file)));
  early.catch(() => undefined); // its failure is met where it is awaited, after the pages
  const at = notes.length;
  compressed = async () => {
    const done = [...(await early), ...(await precompress(clientDir, files.filter((file) => pagesWrite(file) && !existsSync(`${file}.br`))))];
    notes.splice(at, 0, summary('the client build', done));
    // Their compressed forms into the cached bundle too.
    for (const { file } of done) for (const form of ['.br', '.gz']) linkOrCopy(`${file}${form}`, join(staging, BUNDLES, relative(staging, file) + form));
  };
  serverBuilt = step('the server build', [vite, 'build', '--config', join(root, engineModule(root, 'tooling/build/vite.server.config.ts')), '--outDir', join(staging, 'server'), '--emptyOutDir'], serverNotes).then(() =>
    linkTree(join(staging, 'server'), join(staging, BUNDLES, 'server')),
  );
}
const bundled = performance.now();
let pages: number;
try {
  const result = await prerender({ siteDir: dir, contentDir: content, clientDir: join(staging, 'client'), previous, fileMemo: join(cacheRoot, FILE_MEMO), code, log: (line) => notes.push(line) });
  pages = result.pages.length;
  await Promise.all([compressed(), serverBuilt]);
} catch (error) {
  discardStaging();
  if (!(error instanceof ContentProblems)) throw error;
  printProblems(error.message);
  pages = nothing('fix the content and build again');
}
const rendered = performance.now();
console.log(notes.join('\n'));
if (serverNotes.length > 0) console.log(serverNotes.join('\n'));
console.log(`bundles ${((bundled - started) / 1000).toFixed(1)} s, pages ${((rendered - bundled) / 1000).toFixed(1)} s`);

// 3. Switch: the new bundles become the cache, the staged release the current one.
if (existsSync(join(staging, BUNDLES))) {
  for (const name of existsSync(cacheRoot) ? readdirSync(cacheRoot) : []) if (name !== FILE_MEMO) rmSync(join(cacheRoot, name), { recursive: true, force: true });
  mkdirSync(cacheRoot, { recursive: true });
  renameSync(join(staging, BUNDLES), cached);
}
carryHashedFiles(join(current, 'client'), join(staging, 'client'));
mkdirSync(releases, { recursive: true });
adoptUnpublishedBuild();
renameSync(staging, join(releases, id));
rmSync(stagingRoot, { recursive: true, force: true });
const next = join(dist, `current.${process.pid}`);
rmSync(next, { force: true });
symlinkSync(join('releases', id), next);
renameSync(next, current);
for (const name of LINKED) {
  const link = join(dist, name);
  if (!isLink(link)) {
    rmSync(link, { recursive: true, force: true });
    symlinkSync(join('current', name), link);
  }
}
prune();

// 4. The last line.
console.log(
  `\nPublished ${pages} page${pages === 1 ? '' : 's'} of ${site.name} from ${relative(process.cwd(), content) || content} as ${relative(process.cwd(), join(releases, id))}, at ${address.url} (${address.from === 'SITE_URL' ? 'SITE_URL' : 'no SITE_URL: the HOST and PORT npm start serves on'}).`,
);

/** A copy of the folder `from` made of hard links (a copy where links cannot cross file systems). */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else linkOrCopy(source, target);
  }
}

/** A hard link, or a copy where links cannot cross file systems. */
function linkOrCopy(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The previous release's own hashed files (its manifest's), copied where the new one lacks them. */
function carryHashedFiles(from: string, to: string): void {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(from, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return; // no previous release
  }
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) for (const file of [chunk.file, ...(chunk.css ?? []), ...((chunk as { assets?: string[] }).assets ?? [])]) files.add(file);
  for (const file of files) {
    for (const name of [file, `${file}.br`, `${file}.gz`]) {
      if (existsSync(join(from, name)) && !existsSync(join(to, name))) cpSync(join(from, name), join(to, name));
    }
  }
}

/**
 * A dist/ from before atomic publishing (real folders, no `current`) becomes a release of its own
 * first, so the switch below is the same rename as every later one.
 */
function adoptUnpublishedBuild(): void {
  if (existsSync(current) || !existsSync(join(dist, 'client')) || isLink(join(dist, 'client'))) return;
  const adopted = join(releases, `${id}-before`);
  mkdirSync(adopted, { recursive: true });
  for (const name of LINKED) if (existsSync(join(dist, name)) && !isLink(join(dist, name))) cpSync(join(dist, name), join(adopted, name), { recursive: true });
  const link = join(dist, `current.${process.pid}`);
  symlinkSync(join('releases', `${id}-before`), link);
  renameSync(link, current);
  // The real folders are replaced by links into the adopted release, one rename each: a request
  // in between finds the same files.
  for (const name of LINKED) {
    const path = join(dist, name);
    if (!existsSync(path) || isLink(path)) continue;
    const aside = join(dist, `${name}.${process.pid}.old`);
    const linkNext = join(dist, `${name}.${process.pid}.link`);
    symlinkSync(join('current', name), linkNext);
    renameSync(path, aside);
    renameSync(linkNext, path);
    rmSync(aside, { recursive: true, force: true });
  }
}

/**
 * Releases older than the current one and the KEEP_PREVIOUS before it go: moved aside into
 * dist/.pruned/ (a rename each, instant), then removed by a detached process, so the build ends when
 * the new release is live. Removing a release of 10,000 pages (30,000 files in 10,000 folders)
 * takes seconds, as long as the rest of an edit's build (issue 47). The remover takes what is in
 * the folder, not the folder; what a removal left behind (a machine stopped) goes with the next build's.
 */
function prune(): void {
  const live = readlinkSync(current).split('/').pop();
  const names = readdirSync(releases).sort();
  const at = names.indexOf(live ?? '');
  const pruned = join(dist, '.pruned');
  for (const old of names.slice(0, Math.max(0, at - KEEP_PREVIOUS))) {
    mkdirSync(pruned, { recursive: true });
    renameSync(join(releases, old), join(pruned, old));
  }
  if (!existsSync(pruned)) return;
  // The folder itself stays: a later build renaming into it never races a removal of it.
  const script = `const fs = require('node:fs'), path = require('node:path'), dir = ${JSON.stringify(pruned)}; for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });`;
  const remover = spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' });
  remover.unref();
}
