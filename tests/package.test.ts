import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startSiteServer, type RunningServer } from './support/site-server';

/**
 * Issue 32: the engine as an npm package. `npm pack` makes the tarball; it is installed into an empty
 * project in a temporary folder outside the repository; `sitecharts create` makes a site there from
 * the starter, which gets a name of its own; `sitecharts check`, `build` and `serve` (the package's
 * bin) check, build, replay and serve it; its pages, its sitemap and a page the server makes (a newsletter
 * link's answer) are fetched, in its own shell, with nothing of Harbourlight.
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
let tarball = '';
let server: RunningServer | undefined;

function run(command: string, args: readonly string[], cwd: string, timeout = 240_000): SpawnSyncReturns<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  // Nothing of this checkout's site selection may leak into the installed project's commands.
  for (const name of ['SITE_DIR', 'OUT_DIR', 'STATIC_DIR', 'CONTENT_DIR']) delete env[name];
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout });
}

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
  // 1. The tarball.
  const pack = run('npm', ['pack', '--json', '--pack-destination', work], ROOT, 120_000);
  expect(pack.status, pack.stderr).toBe(0);
  const [packed] = JSON.parse(pack.stdout) as Array<{ filename: string }>;
  tarball = join(work, packed?.filename ?? '');
  expect(existsSync(tarball)).toBe(true);

  // 2. Installed into an empty project outside the repository.
  const modules = join(work, 'node_modules');
  mkdirSync(join(modules, 'sitecharts'), { recursive: true });
  const untar = run('tar', ['-xzf', tarball, '-C', join(modules, 'sitecharts'), '--strip-components=1'], work);
  expect(untar.status, untar.stderr).toBe(0);
  const installed = JSON.parse(readFileSync(join(modules, 'sitecharts/package.json'), 'utf8')) as { dependencies: Record<string, string>; bin: Record<string, string> };
  for (const name of dependencyClosure(Object.keys(installed.dependencies))) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
  }
  // What npm does with the package's bin.
  mkdirSync(join(modules, '.bin'));
  symlinkSync(join('..', 'sitecharts', installed.bin.sitecharts ?? ''), bin);
  chmodSync(bin, 0o755);
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'mossbank', private: true, dependencies: { sitecharts: `file:${tarball}` } }));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the npm package, installed outside the repository', () => {
  it('holds what a site needs and nothing of the repository besides: no tests, no docs, no demo content', () => {
    const list = run('tar', ['-tzf', tarball], work);
    const files = list.stdout.split('\n').filter(Boolean).map((file) => file.replace(/^package\//, ''));
    for (const needed of ['package.json', 'bin/sitecharts.mjs', 'runtime/entry/index.ts', 'runtime/entry/render.ts', 'runtime/entry/testing.ts', 'tooling/build/publish.ts', 'tooling/build/vite.client.config.ts', 'server/main.ts', 'examples/starter/site.config.ts']) {
      expect(files, needed).toContain(needed);
    }
    // Issue 32: the server takes a site's forms, collections and search page from its config, so nothing of the demo ships.
    expect(files.filter((file) => /^(tests|docs|demo|\.ci)\//.test(file))).toEqual([]);
    // The engine's own tests stay home; the starter's widget test comes with the starter.
    expect(files.filter((file) => /\.test\.tsx?$/.test(file))).toEqual(['examples/starter/widgets/GardenTips/garden-tips.test.ts']);
    // Issue 48: no benchmark, no demo replay catalog, and no word of the demo in what runs (README.md and CHANGELOG.md tell about it).
    expect(files.filter((file) => /(^|\/)bench|demo-catalog|home-day/.test(file))).toEqual([]);
    const unpacked = join(work, 'node_modules/sitecharts');
    expect(files.filter((file) => !['README.md', 'CHANGELOG.md'].includes(file) && /\.(ts|tsx|mjs|js|json|css|md)$/.test(file) && /harbourlight/i.test(readFileSync(join(unpacked, file), 'utf8')))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(work, 'node_modules/sitecharts/package.json'), 'utf8')) as { exports: Record<string, { types?: string }> };
    for (const entry of ['./runtime', './render', './testing']) expect(pkg.exports[entry]?.types, entry).toMatch(/\.ts$/);
  });

  it('sitecharts create makes the project a site from the starter; check, build, replay and serve it; its pages and the server own pages are its own', async () => {
    const created = run(bin, ['create', '.'], work);
    expect(created.status, created.stderr).toBe(0);
    expect(readFileSync(join(siteDir, 'site.config.ts'), 'utf8')).toContain("from 'sitecharts/runtime'");
    // The project's package.json keeps its dependency and gains the commands.
    const project = JSON.parse(readFileSync(join(work, 'package.json'), 'utf8')) as { type: string; scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(project).toMatchObject({ type: 'module', scripts: { build: 'sitecharts build', dev: 'sitecharts dev' }, dependencies: { sitecharts: `file:${tarball}` } });
    // A second create finds a site there and changes nothing.
    expect(run(bin, ['create', '.'], work).status).toBe(2);
    // A name of its own, in its config and its home page.
    for (const file of [join(siteDir, 'site.config.ts'), join(siteDir, 'content/pages/index.md')]) {
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('Fernhill Community Garden', siteName));
    }

    const check = run(bin, ['check'], siteDir);
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toContain(`2 content pages of ${siteName}`);

    const build = run(bin, ['build'], siteDir);
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(build.stdout).toContain(`Published 2 pages of ${siteName}`);
    expect(readdirSync(join(siteDir, 'dist/client'))).toEqual(expect.arrayContaining(['index.html', 'about', '404.html', 'sitemap.xml']));

    // The starter's scenario replays on the test clock against the site's own widget (its catalog is the site's islands).
    const listed = run(bin, ['replay', '--list'], siteDir);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('garden-tips  (machine id gardenTips)  garden-tips island on /');
    const replay = run(bin, ['replay', 'garden-tips'], siteDir);
    expect(replay.status, `${replay.stdout}\n${replay.stderr}`).toBe(0);
    expect(replay.stdout).toContain('replay: 1 passed, 0 failed');

    server = await startSiteServer({ command: [bin, 'serve'], cwd: siteDir });
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
  }, 420_000);
});
