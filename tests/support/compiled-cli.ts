import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { rolldown } from 'rolldown';
import { COMPILED_BUILD_ENV, moduleAddresses } from '../../server/site-module';
import { ROOT } from './site-server';

/**
 * A command-line tool's TypeScript compiled once for a test file that starts it many times (issue 48).
 * Under tsx each start of the replay CLI cost about 3.5 s of CPU (tsx's loader resolving and
 * compiling its few hundred modules, the catalog's machines among them) and the content checker's
 * about 2 s; compiled, a few tenths. Compiled as `npm run build` compiles the build
 * (tooling/build/compile-build.ts): bundled by rolldown with every package import left to Node, each
 * module keeping its source's address (import.meta.url and dirname), so the tool finds the repository,
 * the scenarios and the site as it does from source. The site's config, which the tools import by its
 * path, is compiled with them and found through SITECHARTS_COMPILED_BUILD, as the compiled build's is.
 *
 * Compiled afresh for each test file, from the sources as they are now, into a folder under the
 * checkout's node_modules (where Node finds the packages the bundle leaves to it); `remove()` deletes it.
 */
export interface CompiledCli {
  /**
   * What `node` runs for `source` (a TypeScript file, from the root): a launcher that gives the tool
   * the source's path as process.argv[1], as `node --import tsx <source>` does (a tool runs its
   * command only when started as itself, server/export.ts), then loads the source's compiled module.
   */
  args(source: string): string[];
  /** The environment a compiled tool runs with: where its site config was compiled. */
  env: NodeJS.ProcessEnv;
  remove(): void;
}

/** The site config the tools load when neither --site nor SITE_DIR names another (server/site-folder.ts). */
const DEMO_CONFIG = 'demo/site.config.ts';

/** `node launch.mjs <source> <compiled module> ...args`: the tool sees `node <source> ...args`. */
const LAUNCHER = `import { pathToFileURL } from 'node:url';
const [source = '', compiled = ''] = process.argv.splice(2, 2);
process.argv[1] = source;
await import(pathToFileURL(compiled).href);
`;

export async function compileCli(sources: readonly string[]): Promise<CompiledCli> {
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'sitecharts-test-cli-'));
  const bundle = await rolldown({
    input: Object.fromEntries([...sources, DEMO_CONFIG].map((file) => [file.replace(/\.tsx?$/, ''), join(ROOT, file)])),
    platform: 'node',
    external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
    transform: { jsx: 'react-jsx' },
    treeshake: { moduleSideEffects: true },
    plugins: [moduleAddresses()],
    logLevel: 'warn',
  });
  try {
    await bundle.write({ dir, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '_chunks/[name]-[hash].js' });
  } finally {
    await bundle.close();
  }
  const launcher = join(dir, 'launch.mjs');
  writeFileSync(launcher, LAUNCHER);
  return {
    args: (source) => [launcher, join(ROOT, source), join(dir, source.replace(/\.tsx?$/, '.js'))],
    env: { [COMPILED_BUILD_ENV]: dir },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
