import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startSiteServer, type RunningServer } from './support/site-server';

/**
 * Issue 32: the engine as an npm package. `npm run package` makes the tarball (issue 48: the engine
 * compiled into lib/, tooling/package/build.ts); it is installed into an empty
 * project in a temporary folder outside the repository; `sitecharts create` makes a site there from
 * the starter, which gets a name of its own; `sitecharts check`, `build` and `serve` (the package's
 * bin) check, build, replay and serve it; its pages, its sitemap and a page the server makes (a newsletter
 * link's answer) are fetched, in its own shell, with nothing of Harbourlight; the site's own
 * `tsc --noEmit` checks the site only.
 *
 * Issue 48: every command runs with plain `node`. Each Node process the commands start records the
 * modules it loads (tests/support/record-loads.mjs, through NODE_OPTIONS): none is TypeScript and
 * none is tsx. The commands get a temporary folder of their own (TMPDIR), empty again at the end.
 *
 * Installed offline, as CI on a clean clone can (docs/your-own-site.md, "The package"): the tarball
 * is unpacked into node_modules/sitecharts, as npm unpacks it, and each package of its dependency
 * closure (package.json `dependencies`, followed through each package's own) is linked from this
 * checkout's node_modules, where `npm ci` put it. A dependency the engine uses but does not declare
 * (a devDependency) is not there, so the build or the server fails on it.
 */
const work = realpathSync(mkdtempSync(join(tmpdir(), 'sitecharts-package-')));
const siteName = 'Mossbank Allotments';
/** The project is the site folder: `sitecharts create .` in it, as docs/your-own-site.md does. */
const siteDir = work;
const bin = join(work, 'node_modules/.bin/sitecharts');
/** The temporary folder the installed project's commands are given: nothing may be left in it. */
const temp = realpathSync(mkdtempSync(join(tmpdir(), 'sitecharts-package-tmp-')));
/** Every module the commands' Node processes load, one URL a line. */
const loadLog = join(work, 'loaded-modules.txt');
/** What the commands run with: their own temporary folder, and the recorder of loaded modules. */
const commandEnv: NodeJS.ProcessEnv = {
  TMPDIR: temp,
  NODE_OPTIONS: `--import ${pathToFileURL(join(ROOT, 'tests/support/record-loads.mjs')).href}`,
  SITECHARTS_LOAD_LOG: loadLog,
};
/** The packed package's budget (KB, gzip): 579 KB when the package was first compiled (issue 48). */
const PACKAGE_BUDGET_KB = 700;
let tarball = '';
let server: RunningServer | undefined;

function run(command: string, args: readonly string[], cwd: string, timeout = 240_000, extraEnv: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...extraEnv };
  // Nothing of this checkout's site selection may leak into the installed project's commands.
  for (const name of ['SITE_DIR', 'OUT_DIR', 'STATIC_DIR', 'CONTENT_DIR']) delete env[name];
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout });
}
/** A command of the installed project, as its developer runs it. */
const inProject = (command: string, args: readonly string[], timeout?: number) => run(command, args, work, timeout, commandEnv);

/** Every package `name` needs at run time, by its folder name under node_modules, following each package's own dependencies. */
function dependencyClosure(names: readonly string[]): Set<string> {
  const found = new Set<string>();
  const visit = (name: string, from: string) => {
    // Resolved as Node does: the nearest node_modules from the package that asks, up to the checkout's.
    let dir = from;
    let at: string | undefined;
    while (dir.startsWith(ROOT)) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) {
        at = candidate;
        break;
      }
      dir = dirname(dir);
    }
    if (!at) return; // an optional dependency this platform does not install
    if (relative(join(ROOT, 'node_modules'), at) === name) {
      if (found.has(name)) return;
      found.add(name);
    }
    const pkg = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies })) visit(dep, at);
  };
  for (const name of names) visit(name, ROOT);
  return found;
}

beforeAll(() => {
  // 1. The tarball: the engine compiled (or the tarball of the same sources, packed before).
  const pack = run(process.execPath, ['--import', 'tsx', 'tooling/package/build.ts', '--pack-destination', work], ROOT, 480_000);
  expect(pack.status, `${pack.stdout}\n${pack.stderr}`).toBe(0);
  tarball = pack.stdout.trim().split('\n').at(-1) ?? '';
  expect(existsSync(tarball), pack.stdout).toBe(true);

  // 2. Installed into an empty project outside the repository.
  const modules = join(work, 'node_modules');
  mkdirSync(join(modules, 'sitecharts'), { recursive: true });
  const untar = run('tar', ['-xzf', tarball, '-C', join(modules, 'sitecharts'), '--strip-components=1'], work);
  expect(untar.status, untar.stderr).toBe(0);
  const installed = JSON.parse(readFileSync(join(modules, 'sitecharts/package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string>; bin: Record<string, string> };
  // Its dependencies, and the type packages `sitecharts create` adds to the site's devDependencies (its peers), as `npm install` after create installs them.
  for (const name of dependencyClosure([...Object.keys(installed.dependencies), ...Object.keys(installed.peerDependencies)])) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
  }
  // What npm does with the package's bin.
  mkdirSync(join(modules, '.bin'));
  symlinkSync(join('..', 'sitecharts', installed.bin.sitecharts ?? ''), bin);
  chmodSync(bin, 0o755);
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'mossbank', private: true, dependencies: { sitecharts: `file:${tarball}` } }));
}, 500_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(temp, { recursive: true, force: true });
});

describe('the npm package, installed outside the repository', () => {
  it('holds what a site needs, compiled, and nothing of the repository besides: no tests, no docs, no demo content; its size within the budget', () => {
    const list = run('tar', ['-tzf', tarball], work);
    const files = list.stdout.split('\n').filter(Boolean).map((file) => file.replace(/^package\//, ''));
    for (const needed of ['package.json', 'bin/sitecharts.mjs', 'runtime/entry/index.js', 'runtime/entry/index.d.ts', 'runtime/entry/render.js', 'runtime/entry/render.d.ts', 'runtime/entry/testing.js', 'runtime/entry/testing.d.ts', 'tooling/build/publish.js', 'tooling/build/vite.client.config.js', 'server/main.js', 'examples/starter/site.config.ts', 'examples/starter/tsconfig.json']) {
      expect(files, needed).toContain(needed);
    }
    // Issue 48: ES modules and their types; TypeScript only in the starter, the site's own sources to be.
    expect(files.filter((file) => /\.(ts|tsx|mts|cts)$/.test(file) && !file.endsWith('.d.ts') && !file.startsWith('examples/starter/'))).toEqual([]);
    const size = statSync(tarball).size / 1024;
    const unpackedSize = files.reduce((sum, file) => sum + (file.endsWith('/') ? 0 : statSync(join(work, 'node_modules/sitecharts', file)).size), 0) / 1024;
    console.log(`the package: ${files.length} files, ${size.toFixed(0)} KB packed (budget ${PACKAGE_BUDGET_KB} KB), ${unpackedSize.toFixed(0)} KB unpacked`);
    expect(size).toBeLessThan(PACKAGE_BUDGET_KB);
    // Issue 32: the server takes a site's forms, collections and search page from its config, so nothing of the demo ships.
    expect(files.filter((file) => /^(tests|docs|demo|\.ci)\//.test(file))).toEqual([]);
    // The engine's own tests stay home; the starter's widget test comes with the starter.
    expect(files.filter((file) => /\.test\.tsx?$/.test(file))).toEqual(['examples/starter/widgets/GardenTips/garden-tips.test.ts']);
    // Issue 48: no benchmark, no demo replay catalog, and no word of the demo in what runs (README.md and CHANGELOG.md tell about it).
    expect(files.filter((file) => /(^|\/)bench|demo-catalog|home-day/.test(file))).toEqual([]);
    const unpacked = join(work, 'node_modules/sitecharts');
    expect(files.filter((file) => file !== 'CHANGELOG.md' && /\.(ts|tsx|mjs|js|json|css|md)$/.test(file) && /harbourlight/i.test(readFileSync(join(unpacked, file), 'utf8')))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(work, 'node_modules/sitecharts/package.json'), 'utf8')) as { exports: Record<string, { types?: string; default?: string }>; dependencies: Record<string, string> };
    for (const entry of ['./runtime', './render', './testing']) {
      expect(pkg.exports[entry]?.types, entry).toMatch(/^\.\/.+\.d\.ts$/);
      expect(pkg.exports[entry]?.default, entry).toMatch(/^\.\/.+\.js$/);
    }
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
  });

  it('sitecharts create makes the project a site from the starter; check, build, replay, serve and develop it with plain node; its pages and the server own pages are its own; tsc checks the site only; nothing is left in the temp folder', async () => {
    const version = inProject(bin, ['--version']);
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const timings: string[] = [];
    const timed = <T>(name: string, step: () => T): T => {
      const started = performance.now();
      const result = step();
      timings.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return result;
    };
    const created = timed('create', () => inProject(bin, ['create', '.']));
    expect(created.status, created.stderr).toBe(0);
    expect(readFileSync(join(siteDir, 'site.config.ts'), 'utf8')).toContain("from 'sitecharts/runtime'");
    // The project's package.json keeps its dependency and gains the commands.
    const project = JSON.parse(readFileSync(join(work, 'package.json'), 'utf8')) as { type: string; scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(project).toMatchObject({ type: 'module', scripts: { build: 'sitecharts build', dev: 'sitecharts dev', test: 'vitest run' }, dependencies: { sitecharts: `file:${tarball}` } });
    // The type packages the site's TypeScript needs and the test runner of its widget's test, at the engine's versions.
    expect(Object.keys((project as { devDependencies?: Record<string, string> }).devDependencies ?? {}).sort()).toEqual(['@types/node', '@types/react', '@types/react-dom', 'typescript', 'vitest']);
    // A second create finds a site there and changes nothing.
    expect(inProject(bin, ['create', '.']).status).toBe(2);
    // A name of its own, in its config and its home page.
    for (const file of [join(siteDir, 'site.config.ts'), join(siteDir, 'content/pages/index.md')]) {
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('Fernhill Community Garden', siteName));
    }

    const check = timed('check', () => inProject(bin, ['check']));
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toContain(`2 content pages of ${siteName}`);

    const build = timed('build', () => inProject(bin, ['build']));
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(build.stdout).toContain(`Published 2 pages of ${siteName}`);
    expect(readdirSync(join(siteDir, 'dist/client'))).toEqual(expect.arrayContaining(['index.html', 'about', '404.html', 'sitemap.xml']));

    // The starter's scenario replays on the test clock against the site's own widget (its catalog is the site's islands).
    const listed = inProject(bin, ['replay', '--list']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('garden-tips  (machine id gardenTips)  garden-tips island on /');
    const replay = timed('replay', () => inProject(bin, ['replay', 'garden-tips']));
    expect(replay.status, `${replay.stdout}\n${replay.stderr}`).toBe(0);
    expect(replay.stdout).toContain('replay: 1 passed, 0 failed');

    const serving = performance.now();
    server = await startSiteServer({ command: [bin, 'serve'], cwd: siteDir, dataDir: join(work, 'data'), env: commandEnv });
    timings.push(`serve (until it listens) ${((performance.now() - serving) / 1000).toFixed(1)} s`);
    for (const [path, title, widget] of [
      ['/', siteName, true],
      ['/about/', 'About the garden', false],
    ] as const) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html, path).toContain(`<a class="sc-shell-name" href="/">${siteName}</a>`);
      expect(html, path).not.toContain('Fernhill Community Garden');
      expect(html.includes('data-widget="garden-tips"'), path).toBe(widget);
      expect(html, path).not.toMatch(/harbourlight/i);
    }
    const sitemap = await (await fetch(new URL('/sitemap.xml', server.url))).text();
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname).sort()).toEqual(['/', '/about/']);
    // A page the server renders per request, in the site's shell (its name in the banner), not the demo's.
    const link = await fetch(new URL('/newsletter/confirm/?t=not-a-token', server.url));
    expect(link.status).toBe(400);
    const answer = await link.text();
    expect(answer).toContain(`<title>This link is not valid | ${siteName}</title>`);
    expect(answer).toContain(`<a class="sc-shell-name" href="/">${siteName}</a>`);
    expect(answer).not.toMatch(/harbourlight/i);
    // The starter gives no forms: no form routes, not the demo's.
    const form = await fetch(new URL('/forms/contact', server.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a' });
    expect(form.status).toBe(404);
    const missing = await fetch(new URL('/no-such-page/', server.url), { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1>Page not found</h1>');
    await server.stop();

    // The dev server, with the site's sources live: its home page, rendered from the site's config loaded through Vite.
    const devStarted = performance.now();
    const dev = await startSiteServer({ command: [bin, 'dev'], cwd: siteDir, dataDir: join(work, 'dev-data'), env: commandEnv, startTimeoutMs: 180_000 });
    try {
      timings.push(`dev (until it listens) ${((performance.now() - devStarted) / 1000).toFixed(1)} s`);
      const home = await fetch(new URL('/', dev.url));
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain(`<title>${siteName}</title>`);
      expect(html).toContain('data-widget="garden-tips"');
    } finally {
      await dev.stop();
    }

    // The site's own type-check: its files, and of the engine only the package's declarations (skipLibCheck).
    const tsc = join(work, 'node_modules/typescript/bin/tsc');
    const typecheck = timed('tsc --noEmit', () => inProject(process.execPath, [tsc, '--noEmit', '-p', '.']));
    expect(typecheck.status, typecheck.stdout).toBe(0);
    const checked = inProject(process.execPath, [tsc, '--noEmit', '-p', '.', '--listFilesOnly']).stdout.split('\n').filter(Boolean);
    expect(checked.filter((file) => !file.includes('/node_modules/')).length).toBeGreaterThan(5);
    expect(checked.filter((file) => file.includes('/node_modules/sitecharts/') && !file.endsWith('.d.ts'))).toEqual([]);
    // The site's own test (its widget's, the starter's), as `npm test` runs it: vitest, one of the type packages create added.
    const test = timed('npm test (vitest run)', () => run(process.execPath, [join(work, 'node_modules/vitest/vitest.mjs'), 'run'], work, 120_000, { TMPDIR: temp, NO_COLOR: '1', FORCE_COLOR: '0' }));
    expect(test.status, `${test.stdout}\n${test.stderr}`).toBe(0);
    expect(test.stdout).toMatch(/Tests\s+4 passed \(4\)/);
    console.log(`the installed package's commands: ${timings.join(', ')}`);

    // Plain node: every module each command loaded is JavaScript, none TypeScript, none of tsx.
    const loaded = readFileSync(loadLog, 'utf8').split('\n').filter(Boolean);
    expect(loaded).toContain(pathToFileURL(join(work, 'node_modules/sitecharts/tooling/build/publish.js')).href);
    expect(loaded.filter((url) => url.startsWith(pathToFileURL(join(siteDir, 'dist')).href) && url.endsWith('/server/main.js'))).toHaveLength(1);
    expect(loaded.filter((url) => /\.(ts|tsx|mts|cts)(\?|$)/.test(url) || /[\\/]tsx[\\/]/.test(url))).toEqual([]);
    // Nothing left behind: not in the temporary folder, not beside the site's packages.
    expect(readdirSync(temp)).toEqual([]);
    expect(existsSync(join(work, 'node_modules/.sitecharts')) ? readdirSync(join(work, 'node_modules/.sitecharts')) : []).toEqual([]);
  }, 420_000);
});
