// The build's and the dev server's TypeScript compiled once per code fingerprint (issue 47), for
// `npm run build` (build.mjs) and `npm run dev` (dev.mjs) to run with plain `node`. Plain JavaScript,
// so nothing needs compiling before it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { codeFingerprint } from './code-fingerprint.mjs';

const root = resolve(import.meta.dirname, '../..');

/**
 * The compiled build for this code and site (the site folder as server/site-folder.ts reads it:
 * --site, else SITE_DIR, else the demo), compiled now when there is none (by compile-build.ts, under
 * tsx; its errors printed, `compiledMs` its time). `compiled` is undefined when the TypeScript runs
 * under tsx instead: a site folder outside the repository, SITECHARTS_BUILD_FROM_SOURCE=1, or a
 * compile that failed (`failed` true).
 *
 * @param {readonly string[]} argv
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ compiled?: string, failed?: boolean, compiledMs?: number }}
 */
export function compiledBuild(argv = process.argv, env = process.env) {
  const flag = argv.indexOf('--site');
  const given = flag >= 0 ? argv[flag + 1] : env.SITE_DIR;
  const siteDir = given ? resolve(given) : join(root, 'demo');
  const contentDir = env.CONTENT_DIR ? resolve(env.CONTENT_DIR) : join(siteDir, 'content');
  const siteConfig = join(siteDir, 'site.config.ts');
  const fromRoot = relative(root, siteDir);
  const inRepository = !fromRoot.startsWith('..') && !isAbsolute(fromRoot) && existsSync(siteConfig);
  if (!inRepository || env.SITECHARTS_BUILD_FROM_SOURCE === '1') return {};
  // Keyed by the checkout's and the site's folders too: the compiled modules keep their sources'
  // absolute addresses, so a copy of the same code elsewhere (a node_modules shared by links, a
  // moved checkout) compiles its own rather than building the folder the first one was compiled in.
  const where = createHash('sha256').update(`${root}\0${siteDir}`).digest('hex').slice(0, 8);
  const compiled = join(root, 'node_modules/.cache/sitecharts-build', `${codeFingerprint({ root, siteDir, contentDir, env: {} })}-${where}`);
  if (existsSync(join(compiled, 'compiled.json'))) return { compiled };
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tooling/build/compile-build.ts'), compiled, siteConfig], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) return { failed: true };
  return { compiled, compiledMs: performance.now() - started };
}

/**
 * Runs `source` (a TypeScript module, from the root): its module in the compiled build, with
 * SITECHARTS_COMPILED_BUILD naming the build for what it loads; else the source under tsx.
 *
 * @param {string | undefined} compiled
 * @param {string} source
 */
export async function runCompiled(compiled, source) {
  const module = compiled && join(compiled, source.replace(/\.tsx?$/, '.js'));
  if (module && existsSync(module)) {
    process.env.SITECHARTS_COMPILED_BUILD = compiled;
    await import(pathToFileURL(module).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, source)).href);
}
