import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { join, relative, resolve } from 'node:path';

/**
 * The site folder this build is of (issue 32): SITE_DIR, else the demo. Vite reads its browser
 * entry (client.ts) and its public files (public/) by the folder's convention (runtime/site.ts);
 * paths stay relative to the repository so the demo's build is the same wherever it is checked out.
 */
const root = import.meta.dirname;
const siteDir = relative(root, resolve(root, process.env.SITE_DIR ?? 'demo')).split('\\').join('/');

/**
 * One config for the client build, the prerender (SSR) build and the test projects.
 * The client entry is the site's client.ts; every widget is a lazy chunk (widgets/registry.ts),
 * so React and the machines load only with the first island that needs them.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: join(siteDir, 'public'),
  // The dev pages' entry (tooling/build/dev-client.ts) imports the site's entry by this name.
  resolve: { alias: { 'sitecharts:site-client': resolve(root, siteDir, 'client.ts') } },
  build: {
    // OUT_DIR builds a site elsewhere (its client/ beside the prerender's files), dist/ unless given.
    outDir: join(process.env.OUT_DIR ?? 'dist', 'client'),
    emptyOutDir: true,
    manifest: true,
    // The site's entry, and the offline inspector's page (served at /__inspect/, never by a content page).
    rollupOptions: { input: [`${siteDir}/client.ts`, 'runtime/inspector-app/main.tsx'] },
  },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Server suites start the real server process; on a loaded 2-core machine that takes seconds.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['{machines,widgets,runtime,provider,server,demo,tooling,examples}/**/*.test.{ts,tsx}', 'tests/model/**/*.test.ts', 'tests/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // Issue 16: the server suites that store something, again on a real PostgreSQL (one for the
          // run, a database per server) instead of the SQLite file.
          name: 'postgres',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['server/forms/forms.test.ts', 'server/forms/durability.test.ts', 'server/newsletter/newsletter.test.ts', 'server/privacy.test.ts', 'server/metrics.test.ts', 'server/store/backup.test.ts', 'server/vitals/vitals.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/postgres-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/e2e-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // A loaded 2-core machine needs more than vitest's 1 s default to see a page settle.
          expect: { poll: { timeout: 8_000, interval: 100 } },
        },
      },
    ],
  },
});
