import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { rolldown, type Plugin } from 'rolldown';
import { moduleAddresses } from '../../server/site-module';

/**
 * `node --import tsx tooling/build/compile-build.ts <folder> <site config>` (issue 47): the build
 * compiled from its TypeScript, once per code fingerprint, for build.mjs to run with plain `node`.
 * Under tsx an edit's build spent about 1.5 s of its 4 s starting: tsx's loader compiling and
 * resolving some 300 modules, in the build and again in each render thread.
 *
 * Three entries bundled by rolldown, every package import left to Node: the build script, its
 * render thread and the site's config, which share their chunks (the site's renderer is the one the
 * build renders with); a handful of files for Node to load, not some 300 modules. Each module
 * keeps its source's address (import.meta.url and dirname), so the build finds the repository and
 * the site as it does from source. Written to a folder beside `<folder>` and renamed into place:
 * a build that stops halfway leaves nothing a later one could take for compiled.
 */
const ROOT = resolve(import.meta.dirname, '../..');
/** What the compiled build starts: the build, its render threads, the dev server (dev.mjs). The site's config is given. */
export const COMPILED_ENTRIES = ['tooling/build/publish.ts', 'tooling/build/pages/render-thread.ts', 'tooling/build/dev.ts'];
/** Written last into the folder: present means complete. */
export const COMPILED_MARK = 'compiled.json';

export async function compileBuild(out: string, siteConfig: string): Promise<void> {
  const staging = `${out}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const bundle = await rolldown({
    // Named by their source's path: compiledBuildModule() finds each where its source is.
    input: Object.fromEntries([...COMPILED_ENTRIES.map((file) => join(ROOT, file)), siteConfig].map((file) => [relative(ROOT, file).replace(/\.tsx?$/, ''), file])),
    platform: 'node',
    external: (id) => !isEngine(id) && !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
    transform: { jsx: 'react-jsx' },
    treeshake: { moduleSideEffects: true },
    plugins: [moduleAddresses(), engineByName(siteConfig)],
    logLevel: 'warn',
  });
  try {
    await bundle.write({ dir: staging, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '_chunks/[name]-[hash].js' });
  } finally {
    await bundle.close();
  }
  writeFileSync(join(staging, COMPILED_MARK), `${JSON.stringify({ siteConfig, compiled: new Date().toISOString() })}\n`);
  // Another build may have compiled the same code meanwhile: the first one's stays.
  if (existsSync(join(out, COMPILED_MARK))) rmSync(staging, { recursive: true, force: true });
  else {
    rmSync(out, { recursive: true, force: true });
    renameSync(staging, out);
  }
}

/** The engine's own name: a site in the repository (examples/starter) imports `sitecharts/runtime`. */
const isEngine = (id: string) => id === 'sitecharts' || id.startsWith('sitecharts/');

/**
 * A bundler plugin: `sitecharts/…` resolved as Node resolves it from the site's config (the
 * package's exports, to the engine's sources) and compiled with the build, so the site and the build
 * share one copy of each module. Left to Node, the compiled config (under node_modules/.cache, outside
 * the package's scope) could not find the package by its name.
 */
function engineByName(siteConfig: string): Plugin {
  const resolve = createRequire(siteConfig).resolve;
  return {
    name: 'sitecharts:engine-by-name',
    resolveId: (id) => (isEngine(id) ? resolve(id) : null),
  };
}

/** Compiled builds kept (several sites, or a checkout switched between branches), the newest. */
const KEEP = 4;

if (process.argv[1] === import.meta.filename) {
  const [out, siteConfig] = process.argv.slice(2);
  if (!out || !siteConfig) throw new Error('usage: compile-build.ts <folder> <site config>');
  await compileBuild(resolve(out), resolve(siteConfig));
  const folder = dirname(resolve(out));
  const older = readdirSync(folder)
    .filter((name) => !name.endsWith('.tmp'))
    .map((name) => ({ path: join(folder, name), at: statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { path } of older.slice(KEEP)) rmSync(path, { recursive: true, force: true });
}
