import react from '@vitejs/plugin-react';
import { join, relative, resolve } from 'node:path';
import { defineConfig } from 'vite';
import { engineModule, packageExports } from '../package-exports.ts';
import { VIEW_CHUNK_NAME } from './budget.ts';
import { hoistViewImports, parallelBehaviourImports } from './hoist-view-imports.ts';
import { noPreloadHelper } from './no-preload-helper.ts';
import { compileHint } from './compile-hints.ts';
import { samplePercentProblem } from '../../runtime/vitals/vitals.rules.ts';

/**
 * The client build's config (and the dev server's): what `sitecharts build` runs, in this repository
 * and in a project that installed the package, so it needs nothing but Vite (vite.config.ts adds
 * the test projects on top for vitest).
 *
 * The site folder this build is of (issue 32): SITE_DIR, else the demo. Vite reads its browser
 * entry (client.ts) and its public files (public/) by the folder's convention (runtime/site.ts);
 * paths stay relative to the engine's root so the demo's build is the same wherever it is checked out.
 * The client entry is the site's client.ts; every widget is a lazy chunk (widgets/registry.ts),
 * so React and the machines load only with the first island that needs them.
 */
const root = resolve(import.meta.dirname, '../..');
const siteDir = relative(root, resolve(root, process.env.SITE_DIR ?? 'demo')).split('\\').join('/');

// Issue 35: the field data's sample rate (percent) is checked once here, not in every visitor's browser.
const sampleProblem = samplePercentProblem(process.env.VITE_VITALS_SAMPLE_RATE);
if (sampleProblem) console.warn(sampleProblem);

/** Modules every island's view needs (docs/performance.md, issue 35 goal 2). */
const VIEW_RUNTIME = /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|use-isomorphic-layout-effect|@xstate[\\/]react)[\\/]|runtime[\\/](mount|slots)\.(tsx|js)$/;
/**
 * What the site's entry imports that the offline inspector's entry shares (xstate, the clock, the
 * settings parsers, the widget definitions, the ids, the import helper that stands in for Vite's):
 * one chunk, not four (issue 35, goal 2). The page's head asks for it beside the entry
 * (`modulePreloads`, tooling/build/prerender.ts), and one request leaves a phone's six HTTP/1.1
 * connections to the stylesheet, the entry and the first screen's image.
 */
const ENTRY_SHARED = /node_modules[\\/]xstate[\\/]|[\\/]runtime[\\/](settings|widget|ids|clock)\.(ts|js)$|^\0vite\/preload-helper\.js$/;
/**
 * What the widgets' behaviours share of the runtime (the connect and draw helpers, the
 * labels, the dialog's focus edges, the page's visibility, the form post, the slides' media checks):
 * one chunk, not seven of 0.2-0.7 KB (issue 35, goal 2). On a phone's six HTTP/1.1 connections every
 * request waits a round trip (562 ms on slow 4G) and queues behind the page's images: a first tap on
 * the newsletter form asked for four chunks, the carousel six, and the answer came a wave of
 * requests later. None of these modules is in the entry's closure, so nothing is added before input.
 */
const BEHAVIOUR_SHARED = /[\\/]runtime[\\/](connect|translations|page-visibility|modal-dom|http)\.(ts|js)$|[\\/]widgets[\\/]Slideshow[\\/]slide-media\.(ts|js)$/;
/**
 * What the tab widgets' behaviours share (the tabs' machine and rules, the tab list's connect layer
 * and binding, the address's hash): one chunk, so the tabs, layout tabs, tab section and toggles are three requests, not four or
 * five (issue 35, goal 2, as BEHAVIOUR_SHARED).
 */
const TABS_SHARED = /[\\/]runtime[\\/]hash\.(ts|js)$|[\\/]machines[\\/]tabs[\\/]tabs\.(machine|rules)\.(ts|js)$|[\\/]widgets[\\/]Tabs[\\/](tabs-view\.bind|tab-list\.connect)\.(ts|js)$/;
/** A widget's view chunk (widgets/registry.ts): loaded when an island hydrates, never before a visitor's input. */
const VIEW_CHUNK = /[\\/]widgets[\\/][^\\/]+[\\/]widget\.(ts|js)$/;
/** A widget's behaviour chunk (widgets/registry.ts): what a first tap on a widget that answers as its behaviour waits for. */
const BEHAVIOUR_CHUNK = /[\\/]widgets[\\/][^\\/]+[\\/]behaviour\.(ts|js)$/;

export default defineConfig({
  root,
  plugins: [noPreloadHelper(), packageExports(root), react(), hoistViewImports((id) => VIEW_CHUNK.test(id), VIEW_CHUNK_NAME), parallelBehaviourImports((id) => BEHAVIOUR_CHUNK.test(id), VIEW_CHUNK_NAME)],
  publicDir: join(siteDir, 'public'),
  // The dev pages' entry (tooling/build/dev-client.ts) imports the site's entry by this name.
  resolve: {
    alias: [
      { find: 'sitecharts:site-client', replacement: resolve(root, siteDir, 'client.ts') },
      // @xstate/react asks for use-sync-external-store's shim, which carries a copy of the hook for
      // React before 18; React 19 has the hook, and the package's own entries for it re-export
      // React's (issue 35, goal 4: 0.4 KB gzip off every island's view chunk).
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  // A site folder outside the engine's folder (an installed package) is the dev server's to serve.
  server: { fs: { allow: [root, resolve(root, siteDir)] } },
  // Installed, the engine is compiled ES modules under node_modules (issue 48): the dev server serves
  // them as the site's own code (one copy of each module), never pre-bundles them as a dependency.
  ssr: { noExternal: ['sitecharts'] },
  optimizeDeps: { exclude: ['sitecharts'] },
  build: {
    // OUT_DIR builds a site elsewhere (its client/ beside the prerender's files), dist/ unless given.
    outDir: join(process.env.OUT_DIR ?? 'dist', 'client'),
    emptyOutDir: true,
    manifest: true,
    // No preload helper: it and the list of every chunk's imports cost every page 1.2 KB (gzip) in its
    // entry (issue 35, the hydrated budget). A chunk's own imports are fetched when it arrives; the
    // islands ask for React's mount chunk beside each widget chunk (runtime/islands.ts).
    modulePreload: false,
    // The site's entry, and the offline inspector's page (served at /__inspect/, never by a content page).
    rollupOptions: {
      input: [`${siteDir}/client.ts`, engineModule(root, 'runtime/inspector-app/main.tsx')],
      // Issue 35, goal 2: what every island's view needs, whichever widget it is (React, react-dom
      // and its scheduler, the JSX runtime, @xstate/react, the runtime's mount and slots), is one
      // chunk, the one `import('./mount')` asks for: a first tap before hydration waits for one
      // round trip for it, not for mount's and then React's (and the JSX runtime's) one after another.
      // A page loads it with its first island's view, as before: nothing in it runs without React.
      output: {
        // Issue 49: V8 compiles a function the first time it runs, on the main thread, and on a phone
        // at 4x that was 23 functions and 6-14 ms inside the burger's first tap, and a part of the
        // entry's evaluation at load. A file whose first line is V8's compile hint is compiled
        // whole as it streams in, off the main thread (tooling/build/compile-hints.ts).
        postBanner: compileHint,
        codeSplitting: {
          groups: [
            { name: VIEW_CHUNK_NAME, test: VIEW_RUNTIME, includeDependenciesRecursively: false },
            { name: 'runtime', test: ENTRY_SHARED, includeDependenciesRecursively: false },
            { name: 'behaviour-kit', test: BEHAVIOUR_SHARED, includeDependenciesRecursively: false },
            { name: 'tabs-kit', test: TABS_SHARED, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
