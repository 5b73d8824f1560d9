// `npm run build` (issue 47): runs the build (publish.ts) compiled, with plain `node`. Under tsx an
// edit's build spent about 1.5 s of its 4 s starting (tsx compiling and resolving some 300 modules,
// in the build and again in each render thread). The build and the site's config are compiled once
// per code fingerprint (code-fingerprint.mjs: the engine's and the site's code, the lock file), as
// the bundles are, into node_modules/.cache/sitecharts-build/<fingerprint>/ (compile-build.ts, under
// tsx, only then), and that compiled build runs in this process. Plain JavaScript, so nothing needs
// compiling before it. A site folder outside the repository, or SITECHARTS_BUILD_FROM_SOURCE=1,
// runs the TypeScript under tsx as before.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { codeFingerprint } from './code-fingerprint.mjs';

const root = resolve(import.meta.dirname, '../..');
// The site folder as server/site-folder.ts reads it: --site, else SITE_DIR, else the demo.
const flag = process.argv.indexOf('--site');
const given = flag >= 0 ? process.argv[flag + 1] : process.env.SITE_DIR;
const siteDir = given ? resolve(given) : join(root, 'demo');
const contentDir = process.env.CONTENT_DIR ? resolve(process.env.CONTENT_DIR) : join(siteDir, 'content');
const siteConfig = join(siteDir, 'site.config.ts');
const fromRoot = relative(root, siteDir);
const inRepository = !fromRoot.startsWith('..') && !isAbsolute(fromRoot) && existsSync(siteConfig);

// Before the build's modules load: React picks its development or production build when it is first
// imported, and publish.ts's own setting came after its imports had loaded React, so the build's
// thread rendered its share of the pages with React's development build, 4 times slower than its
// render thread's (issue 47, a profile of a 10,000-page build).
process.env.NODE_ENV = 'production';

if (!inRepository || process.env.SITECHARTS_BUILD_FROM_SOURCE === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'tooling/build/publish.ts')).href);
} else {
  // Keyed by the checkout's and the site's folders too: the compiled modules keep their sources'
  // absolute addresses, so a copy of the same code elsewhere (a node_modules shared by links, a
  // moved checkout) compiles its own rather than building the folder the first one was compiled in.
  const where = createHash('sha256').update(`${root}\0${siteDir}`).digest('hex').slice(0, 8);
  const compiled = join(root, 'node_modules/.cache/sitecharts-build', `${codeFingerprint({ root, siteDir, contentDir, env: {} })}-${where}`);
  if (!existsSync(join(compiled, 'compiled.json'))) {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tooling/build/compile-build.ts'), compiled, siteConfig], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('\nNothing was published: the build could not be compiled (above). dist/ and the site being served are unchanged.');
      process.exit(1);
    }
    console.log(`the build compiled for this code in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  process.env.SITECHARTS_COMPILED_BUILD = compiled;
  await import(pathToFileURL(join(compiled, 'tooling/build/publish.js')).href);
}
