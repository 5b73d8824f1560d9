import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { HOW_TO_GET_CHROMIUM, findTestChromium } from './chrome.mjs';
import { ROOT, startSiteServer } from './site-server';
import { chartFromDefinition, type Chart } from '../../runtime/inspector-app/chart';
import { discoverMachines } from '../../tooling/coverage/discover';

/**
 * Global setup of the e2e project: the built site served by the real server (temporary SQLite
 * file). Each worker launches its own Chromium (`testBrowser` in tests/support/browser.ts); here it
 * is only looked for, so a missing browser fails the run once, at its start.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The provider sandbox's origin (the payment provider the site uses in the e2e run). */
    providerURL: string;
    /** Issue 50: every known machine's chart by id, made once for the run (tests/support/page-coverage.ts). */
    machineCharts: Record<string, Chart>;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('No built site: run npm run build first (npm test does).');
  if (!(await findTestChromium())) throw new Error(HOW_TO_GET_CHROMIUM);
  const charts = discoverMachines().then((found) => Object.fromEntries(found.map((m) => [m.id, chartFromDefinition(m.machine.config)])));
  // Two e2e files run at a time against this one server, all from 127.0.0.1: the forms' rate limit
  // (10 posts in 10 minutes per client; the server suites test it) would count one file's posts
  // against another's, so here it is out of the way.
  const server = await startSiteServer({ env: { FORM_RATE_LIMIT: '100000' } });
  project.provide('baseURL', server.url);
  project.provide('providerURL', server.providerUrl ?? '');
  project.provide('machineCharts', await charts);
  return async () => {
    await server.stop();
  };
}
