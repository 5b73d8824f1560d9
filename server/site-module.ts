import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Plugin } from 'rolldown';
import { threadId } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

/**
 * A site's TypeScript module (its site.config.ts, and the routes, renderer and widgets it imports),
 * loaded by the compiled engine (issue 48): Node runs no TypeScript, so the engine's bundler
 * (rolldown, which Vite builds with) compiles the module and everything of the site it imports into
 * one ES module, as Vite loads a vite.config.ts. Packages (`sitecharts/runtime`, react) stay imports,
 * so the site shares the engine's modules. The bundle is written beside the site's packages
 * (node_modules/.sitecharts/, else the site folder), where Node resolves those imports as the site
 * would, and removed as soon as it is loaded: nothing is left behind, in the temp folder or elsewhere.
 */
export async function importSiteModule(file: string): Promise<unknown> {
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: file,
    platform: 'node',
    external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
    transform: { jsx: 'react-jsx' },
    plugins: [moduleAddresses()],
    logLevel: 'warn',
  });
  try {
    const { output } = await bundle.generate({ format: 'esm', codeSplitting: false });
    const folder = packagesFolder(dirname(file));
    mkdirSync(folder, { recursive: true });
    const out = join(folder, `.site-module-${process.pid}-${threadId}-${Date.now()}.mjs`);
    writeFileSync(out, output[0].code);
    try {
      return await import(pathToFileURL(out).href);
    } finally {
      rmSync(out, { force: true });
    }
  } finally {
    await bundle.close();
  }
}

/** node_modules/.sitecharts in the nearest folder with a node_modules, else the module's own folder. */
function packagesFolder(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) return join(dir, 'node_modules', '.sitecharts');
    if (dirname(dir) === dir) return from;
  }
}

/**
 * A bundler plugin: each module's own address (import.meta.url, dirname, filename), as it would have
 * run unbundled (a config that reads a file beside it, the build finding the repository's root).
 */
export function moduleAddresses(): Plugin {
  const url = (id: string) => JSON.stringify(pathToFileURL(id).href);
  return {
    name: 'sitecharts:module-address',
    transform(code, id) {
      if (!code.includes('import.meta.')) return null;
      return code.replaceAll('import.meta.url', url(id)).replaceAll('import.meta.dirname', JSON.stringify(dirname(id))).replaceAll('import.meta.filename', JSON.stringify(id));
    },
  };
}

/** The repository's root, where a compiled build's modules keep their folders. */
const ROOT = resolve(import.meta.dirname, '..');
/** Set by `npm run build`'s launcher (tooling/build/build.mjs): the folder of the build compiled from the sources. */
export const COMPILED_BUILD_ENV = 'SITECHARTS_COMPILED_BUILD';

/**
 * A source module's compiled form in the compiled build (issue 47), when the build runs compiled:
 * the site's config and the render threads are loaded from it, not from their TypeScript (the
 * modules keep the sources' addresses, so `import.meta.url` cannot tell).
 */
export function compiledBuildModule(file: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = env[COMPILED_BUILD_ENV];
  if (!dir) return undefined;
  const compiled = join(dir, relative(ROOT, file)).replace(/\.tsx?$/, '.js');
  return existsSync(compiled) ? compiled : undefined;
}
