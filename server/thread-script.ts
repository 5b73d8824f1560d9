import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledBuildModule } from './site-module';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running `source` (a module beside the caller), compiled or not: in the compiled
 * package (lib/, issue 48), the source's compiled module beside the caller (`.js` for `.ts`); in a
 * bundle (dist/server), the `compiled` script beside the bundle; from source, the TypeScript source
 * through tsx's loader, registered in the thread first (a thread does not inherit the parent's
 * `--import tsx` hooks on Node 20); in the compiled build (`npm run build`, issue 47), the source's
 * module there. The search index's first-start build (search/build.ts) and the
 * build's render threads (tooling/build/pages) start their threads here.
 */
export function startThread(callerUrl: string, source: string, compiled: string, options: WorkerOptions): Worker {
  const inCompiledBuild = compiledBuildModule(fileURLToPath(new URL(source, callerUrl)));
  if (inCompiledBuild) return new Worker(pathToFileURL(inCompiledBuild), options);
  if (!callerUrl.endsWith('.ts') && !callerUrl.endsWith('.tsx')) {
    const module = new URL(source.replace(/\.tsx?$/, '.js'), callerUrl);
    return new Worker(existsSync(fileURLToPath(module)) ? module : new URL(compiled, callerUrl), options);
  }
  const href = new URL(source, callerUrl).href;
  // A bare name: found from the working folder, the checkout's (tsx is a development dependency).
  const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(href)}); });`;
  return new Worker(script, { ...options, eval: true });
}
