// `npm run dev` (issue 47): runs the dev server (dev.ts) compiled, with plain `node`, as build.mjs
// runs the build. Under tsx a 10,000-page site's start spent 3 s of CPU before the dev server's
// first line: tsx's loader compiling and resolving some 300 modules, and the site's config with
// them (the server loads it). The dev server is compiled with the build, once per code fingerprint
// (compiled.mjs; the same folder, so a build's compile serves `npm run dev` and the other way
// round). A site folder outside the repository, SITECHARTS_BUILD_FROM_SOURCE=1, or code that does
// not compile (a half-typed edit: its errors printed) runs dev.ts under tsx, as before.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledBuild } from './compiled.mjs';

const { root, compiled, failed, compiledMs } = compiledBuild();
if (failed) console.error('\ndev: the dev server could not be compiled (above); it runs from its sources');
if (compiledMs !== undefined) console.log(`dev: compiled for this code in ${(compiledMs / 1000).toFixed(1)} s`);
if (!compiled || !existsSync(join(compiled, 'tooling/build/dev.js'))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'tooling/build/dev.ts')).href);
} else {
  process.env.SITECHARTS_COMPILED_BUILD = compiled;
  await import(pathToFileURL(join(compiled, 'tooling/build/dev.js')).href);
}
