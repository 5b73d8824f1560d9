import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { rolldown } from 'rolldown';

/**
 * `npm run package` (issue 48, goal 1): the engine as a compiled npm package. The repository runs its
 * TypeScript sources (under tsx and Vite); the package is built from them into lib/, a package folder
 * of its own, and packed there (`sitecharts-<version>.tgz` in the repository's root, or in
 * `--pack-destination <folder>`):
 *
 * - every shipped module as an ES module (rolldown, one .js file per source file, the same folders),
 *   so every command runs with plain `node`;
 * - `.d.ts` files for the typed entries (tsc, tsconfig.lib.json), which package.json `exports` names;
 * - the CSS, the bin and the starter (a site's sources, copied as they are by `sitecharts create`);
 * - a package.json of its own: `exports` and `bin` at the compiled files, the engine's dependencies
 *   (not tsx), and the type packages a site's TypeScript needs as optional peers, which
 *   `sitecharts create` puts in the site's devDependencies.
 *
 * The types take most of the time (tsc infers the machines' types: a minute or two on two cores), so
 * a tarball is kept by the fingerprint of everything it is made from (node_modules/.cache/
 * sitecharts-package/): the same sources pack again in a moment. `--no-cache` builds anew.
 *
 * docs/your-own-site.md, "The package".
 */
const ROOT = resolve(import.meta.dirname, '../..');
const LIB = join(ROOT, 'lib');
/** The shipped source folders and files, relative to the root. */
const SHIPPED = ['runtime', 'widgets', 'machines', 'provider', 'server', 'tooling/build', 'tooling/replay', 'tooling/package-exports.ts', 'tooling/check-content.ts', 'tooling/page-links.ts'];
/** What stays home: tests and their helpers, the demo's replay catalog, the fuzzer and the repository's own build scripts (and the compiled build's and dev server's launchers: the package is compiled already). */
const LEFT_OUT = /\.test\.tsx?$|\.arbitrary\.ts$|\.d\.ts$|[\\/]tooling[\\/]replay[\\/](demo-catalog|fuzz)|[\\/]tooling[\\/]build[\\/](compare-builds|check-build|build\.mjs|compile-build|compiled\.mjs|dev\.mjs)\b/;
const SOURCE = /\.tsx?$/;
/** What a site's own TypeScript and tests need (the compiler, React's and Node's types, the test runner its widget test uses), as optional peers at the engine's versions. */
const SITE_DEV_PACKAGES = ['typescript', '@types/react', '@types/react-dom', '@types/node', 'vitest'];

/** What a folder holds that git ignores (a build of the starter, its data): never packed. */
const UNTRACKED = /[\\/](node_modules|dist|data|\.publish-[^\\/]*|\.vite)([\\/]|$)/;

function filesUnder(path: string): string[] {
  const at = join(ROOT, path);
  if (!statSync(at).isDirectory()) return [at];
  return readdirSync(at, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !UNTRACKED.test(relative(ROOT, file)));
}

const shipped = SHIPPED.flatMap(filesUnder).filter((file) => !LEFT_OUT.test(file));
const sources = shipped.filter((file) => SOURCE.test(file));
const assets = shipped.filter((file) => !SOURCE.test(file));

// 0. A tarball of the same files, if one was packed.
const inputs = [...shipped, ...['bin', 'examples/starter', 'tooling/package/build.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.lib.json', 'tooling/package/README.md', 'CHANGELOG.md'].flatMap(filesUnder)].sort();
const hash = createHash('sha256');
for (const file of inputs) hash.update(`${relative(ROOT, file)}\0`).update(readFileSync(file)).update('\0');
const cache = join(ROOT, 'node_modules/.cache/sitecharts-package', hash.digest('hex').slice(0, 20));
const at = process.argv.indexOf('--pack-destination');
const destination = at >= 0 ? resolve(process.argv[at + 1] ?? '.') : ROOT;
const pack = !process.argv.includes('--no-pack');
const cachedTarball = existsSync(cache) && !process.argv.includes('--no-cache') ? readdirSync(cache).find((name) => name.endsWith('.tgz')) : undefined;
if (pack && cachedTarball) {
  mkdirSync(destination, { recursive: true });
  copyFileSync(join(cache, cachedTarball), join(destination, cachedTarball));
  console.log(`${cachedTarball}: the sources are those of a tarball packed before (${relative(ROOT, cache)}), taken as it was`);
  console.log(join(destination, cachedTarball));
  process.exit(0);
}

const started = performance.now();
rmSync(LIB, { recursive: true, force: true });

// 1. The modules: each source file one ES module, every package import left to Node and Vite.
const bundle = await rolldown({
  input: Object.fromEntries(sources.map((file) => [relative(ROOT, file).replace(SOURCE, ''), file])),
  platform: 'neutral',
  external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
  transform: { jsx: 'react-jsx' },
  treeshake: { moduleSideEffects: true },
  plugins: [
    {
      // A CSS import stays an import of the CSS file beside the module (copied below): Vite bundles it
      // for the browser. An import of what stays home (the demo's replay catalog, loaded only for the
      // demo) stays as it is written, never compiled into the package.
      name: 'sitecharts:kept-imports',
      async resolveId(source, importer, options) {
        if (source.endsWith('.css')) return { id: source, external: true };
        if (!source.startsWith('.') || !importer) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        return resolved && LEFT_OUT.test(resolved.id) ? { id: source, external: true } : null;
      },
    },
  ],
  logLevel: 'warn',
});
await bundle.write({ dir: LIB, format: 'esm', preserveModules: true, preserveModulesRoot: ROOT, entryFileNames: '[name].js', chunkFileNames: '_chunks/[name]-[hash].js' });
await bundle.close();

// 2. What is not compiled: the CSS, the bin, the starter.
for (const file of assets) cpSync(file, join(LIB, relative(ROOT, file)));
cpSync(join(ROOT, 'bin'), join(LIB, 'bin'), { recursive: true });
cpSync(join(ROOT, 'examples/starter'), join(LIB, 'examples/starter'), { recursive: true, filter: (file) => !UNTRACKED.test(relative(ROOT, file)) });
cpSync(join(ROOT, 'tooling/package/README.md'), join(LIB, 'README.md'));
cpSync(join(ROOT, 'CHANGELOG.md'), join(LIB, 'CHANGELOG.md'));

// 3. The types of the typed entries (tsc follows their imports).
const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.lib.json')], { cwd: ROOT, encoding: 'utf8' });
if (tsc.status !== 0) {
  console.error(`${tsc.stdout}${tsc.stderr}\nThe package's types did not build (tsconfig.lib.json).`);
  process.exit(1);
}

// 4. Its package.json.
type Manifest = { name: string; version: string; description: string; engines: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string>; exports: Record<string, string | Record<string, string>> };
const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const compiled = (path: string, ext: string) => path.replace(SOURCE, ext);
const exportsMap = Object.fromEntries(
  Object.entries(root.exports).map(([key, entry]) => [
    key,
    typeof entry === 'string' ? entry : { types: compiled(entry.default ?? '', '.d.ts'), default: compiled(entry.default ?? '', '.js') },
  ]),
);
const { tsx: _runtimeLoader, ...dependencies } = root.dependencies;
const peers = Object.fromEntries(SITE_DEV_PACKAGES.map((name) => [name, root.devDependencies[name] ?? '*']));
const pkg = {
  name: root.name,
  version: root.version,
  description: root.description,
  type: 'module',
  exports: exportsMap,
  bin: { sitecharts: './bin/sitecharts.mjs' },
  engines: root.engines,
  dependencies,
  peerDependencies: peers,
  peerDependenciesMeta: Object.fromEntries(SITE_DEV_PACKAGES.map((name) => [name, { optional: true }])),
};
writeFileSync(join(LIB, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
for (const [key, entry] of Object.entries(exportsMap)) {
  for (const file of typeof entry === 'string' ? [entry] : Object.values(entry)) {
    if (!file.includes('*') && !existsSync(join(LIB, file))) throw new Error(`package.json exports ${key} names ${file}, which the build did not write`);
  }
}
console.log(`lib/: ${sources.length} modules, ${assets.length} other files, the types, in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// 5. The tarball, unless only the folder is wanted; a copy kept by its sources' fingerprint.
if (pack) {
  mkdirSync(destination, { recursive: true });
  const packing = spawnSync('npm', ['pack', '--json', '--pack-destination', destination], { cwd: LIB, encoding: 'utf8' });
  if (packing.status !== 0) {
    console.error(packing.stderr);
    process.exit(1);
  }
  const [packed] = JSON.parse(packing.stdout) as Array<{ filename: string; size: number; unpackedSize: number; entryCount: number }>;
  if (!packed) throw new Error('npm pack wrote no tarball');
  rmSync(dirname(cache), { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  copyFileSync(join(destination, packed.filename), join(cache, packed.filename));
  console.log(`${relative(process.cwd(), join(destination, packed.filename)) || packed.filename}: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(0)} KB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked`);
  // The tarball's path for a script (tests/package.test.ts) on the last line.
  console.log(join(destination, packed.filename));
}
