// `npm run dev` (issue 47): runs the dev server (dev.ts) compiled, with plain `node`, as build.mjs
// runs the build. Under tsx a 10,000-page site's start spent 3 s of CPU before the dev server's
// first line: tsx's loader compiling and resolving some 300 modules, and the site's config with
// them (the server loads it). The dev server is compiled with the build, once per code fingerprint
// (compiled.mjs; the same folder, so a build's compile serves `npm run dev` and the other way
// round). A site folder outside the repository, SITECHARTS_BUILD_FROM_SOURCE=1, or code that does
// not compile (a half-typed edit: its errors printed) runs dev.ts under tsx, as before.
import { compiledBuild, runCompiled } from './compiled.mjs';

const { compiled, failed, compiledMs } = compiledBuild();
if (failed) console.error('\ndev: the dev server could not be compiled (above); it runs from its sources');
if (compiledMs !== undefined) console.log(`dev: compiled for this code in ${(compiledMs / 1000).toFixed(1)} s`);
await runCompiled(compiled, 'tooling/build/dev.ts');
