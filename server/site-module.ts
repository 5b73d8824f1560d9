import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
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
  const url = (id: string) => JSON.stringify(pathToFileURL(id).href);
  const bundle = await rolldown({
    input: file,
    platform: 'node',
    external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
    transform: { jsx: 'react-jsx' },
    plugins: [
      {
        // Each module's own address, as it would have run unbundled (a config that reads a file beside it).
        name: 'sitecharts:module-address',
        transform(code, id) {
          if (!code.includes('import.meta.')) return null;
          return code.replaceAll('import.meta.url', url(id)).replaceAll('import.meta.dirname', JSON.stringify(dirname(id))).replaceAll('import.meta.filename', JSON.stringify(id));
        },
      },
    ],
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
