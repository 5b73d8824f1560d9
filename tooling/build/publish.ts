import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { publicAddress, type PublicAddress } from '../../server/config';
import { linksToNoPage } from '../page-links';
import { loadSiteConfig, siteContentDir, siteDir } from '../../server/site-folder';
import type { Manifest } from '../../server/build-files';

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

// 1. Content first, and alone: the site's own loading validates it (the demo: demo/authoring).
const dir = siteDir();
const content = siteContentDir(dir);
const site = await loadSiteConfig(dir);
let pages: number;
try {
  const loaded = (await site.routes()).loadSite(content);
  if (loaded.warnings?.length) console.warn(`${loaded.warnings.join('\n')}\n`);
  pages = loaded.pages.length;
  // A site with a checker of its own (the demo) checks its links in its loader; any other's are checked here (issue 48).
  const links = site.checkContent ? [] : await linksToNoPage(site, dir, loaded.pages, loaded.menu);
  if (links.length) {
    console.error(links.join('\n'));
    pages = nothing('fix the links and build again');
  }
} catch (error) {
  if (!(error instanceof Error) || error.name !== 'ContentError') throw error;
  // The problems first and alone; a loader's summary line ('3 problems in …:', the demo's) after them.
  const [first = '', ...rest] = error.message.split('\n');
  console.error(first.endsWith(':') ? `${rest.join('\n')}\n\n${first.slice(0, -1)}.` : error.message);
  pages = nothing('fix the content and build again');
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

function step(name: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    nothing(`${name} failed (exit ${result.status ?? result.signal ?? 'unknown'})`);
  }
}

mkdirSync(staging, { recursive: true });
step('the client build', [vite, 'build', '--config', join(root, 'tooling/build/vite.client.config.ts'), '--logLevel', 'warn', '--outDir', join(staging, 'client'), '--emptyOutDir']);
step('the prerender', ['--import', 'tsx', join(root, 'tooling/build/prerender.ts')], { STATIC_DIR: join(staging, 'client') });
step('the server build', [vite, 'build', '--config', join(root, 'tooling/build/vite.server.config.ts'), '--outDir', join(staging, 'server'), '--emptyOutDir']);

// 3. Switch.
const current = join(dist, 'current');
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

/** Releases older than the current one and the KEEP_PREVIOUS before it go. */
function prune(): void {
  const live = readlinkSync(current).split('/').pop();
  const names = readdirSync(releases).sort();
  const at = names.indexOf(live ?? '');
  for (const old of names.slice(0, Math.max(0, at - KEEP_PREVIOUS))) rmSync(join(releases, old), { recursive: true, force: true });
}
