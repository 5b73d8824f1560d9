import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running `source` (a module beside the caller), compiled or not: the compiled
 * `compiled` script when the caller itself runs compiled (dist/server), else the TypeScript source
 * through tsx's loader, registered in the thread first (a thread does not inherit the parent's
 * `--import tsx` hooks on Node 20). The search index's first-start build (search/build.ts) and the
 * build's render threads (tooling/build/pages) start their threads here.
 */
export function startThread(callerUrl: string, source: string, compiled: string, options: WorkerOptions): Worker {
  if (!callerUrl.endsWith('.ts') && !callerUrl.endsWith('.tsx')) return new Worker(new URL(compiled, callerUrl), options);
  const href = new URL(source, callerUrl).href;
  // A bare name: found from the working folder, the checkout's (tsx is a development dependency).
  const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(href)}); });`;
  return new Worker(script, { ...options, eval: true });
}
