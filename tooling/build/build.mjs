// `npm run build` (issue 47): runs the build (publish.ts) compiled, with plain `node`. Under tsx an
// edit's build spent about 1.5 s of its 4 s starting (tsx compiling and resolving some 300 modules,
// in the build and again in each render thread). The build and the site's config are compiled once
// per code fingerprint (code-fingerprint.mjs: the engine's and the site's code, the lock file), as
// the bundles are, into node_modules/.cache/sitecharts-build/<fingerprint>/ (compile-build.ts, under
// tsx, only then), and that compiled build runs in this process. Plain JavaScript, so nothing needs
// compiling before it (compiled.mjs). A site folder outside the repository, or
// SITECHARTS_BUILD_FROM_SOURCE=1, runs the TypeScript under tsx as before.
import { compiledBuild, runCompiled } from './compiled.mjs';

// Before the build's modules load: React picks its development or production build when it is first
// imported, and publish.ts's own setting came after its imports had loaded React, so the build's
// thread rendered its share of the pages with React's development build, 4 times slower than its
// render thread's (issue 47, a profile of a 10,000-page build).
process.env.NODE_ENV = 'production';

const { compiled, failed, compiledMs } = compiledBuild();
if (failed) {
  console.error('\nNothing was published: the build could not be compiled (above). dist/ and the site being served are unchanged.');
  process.exit(1);
}
if (compiledMs !== undefined) console.log(`the build compiled for this code in ${(compiledMs / 1000).toFixed(1)} s`);
await runCompiled(compiled, 'tooling/build/publish.ts');
