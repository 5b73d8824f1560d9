import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, HOW_TO_GET_CHROMIUM, findChromium } from '../../tests/support/chrome.mjs';
import { sitemapPaths } from '../../tests/support/phone-visitor';
import { ROOT, startSiteServer } from '../../tests/support/site-server';
import { selfSignedCertificate } from '../../tests/support/tls';
import { ACK_GOAL_MS, FIRST_TAP_GOAL_MS, describeFetches, firstTapTable, measureFirstTaps, withinGoal, type FirstTapMeasure } from './first-tap';

/**
 * `npm run bench:first-tap` (issue 35, goal 2): every widget control that `npm run bench:visitor`'s
 * interaction table taps, tapped first on a fresh visit before its island has hydrated, on the phone
 * profile with slow 4G and 4x CPU; the acknowledgement and the widget's full response, median and
 * worst of TRIES (default 3), and whether it answered within 1 s (tooling/bench/first-tap.ts). A
 * script of its own and not a table of bench:visitor: each try is a whole page load on slow 4G (about
 * 20 minutes for the demo), and it is read beside the interaction table, not instead of it.
 * The scripts each median try fetched after the tap, with their times, go to stderr.
 *
 * Settings: PAGES=/,/services/ limits the pages, WIDGETS=tabs,lightbox the widgets; TRIES=1 for a quick look; HTTP2=1 serves
 * the site on HTTPS (TLS_CERT, TLS_KEY, a self-signed certificate made for the run), so the browser
 * speaks HTTP/2 as a visitor of a site on HTTPS does, where the default is the server's plain
 * HTTP/1.1 with its six connections per host. Reported, not asserted (tests/e2e/early-input.test.ts
 * asserts what the visitor sees).
 */
if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('No built site: run npm run build first.');
const executablePath = await findChromium();
if (!executablePath) throw new Error(HOW_TO_GET_CHROMIUM);
const tries = Number(process.env.TRIES ?? 3);

const http2 = process.env.HTTP2 === '1';
const tls = http2 ? selfSignedCertificate() : undefined;
const server = await startSiteServer(tls ? { env: { TLS_CERT: tls.cert, TLS_KEY: tls.key } } : {});
// This process reads the sitemap from it too: the run's own certificate, trusted for the run (the child's env is its own).
if (tls) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
// The run's own certificate is the one the browser meets: accepted without a warning page.
const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...(http2 ? ['--ignore-certificate-errors'] : [])] });
const rows: FirstTapMeasure[] = [];
const loads: number[] = [];
const began = new Date();
try {
  const only = process.env.PAGES?.split(',').filter(Boolean);
  // PAGES unset or empty: every page of the sitemap.
  for (const path of only?.length ? only : await sitemapPaths(server.url)) {
    const measured = await measureFirstTaps(browser, server.url, path, tries, process.env.WIDGETS?.split(',').filter(Boolean));
    loads.push(loadavg()[0] ?? 0);
    for (const row of measured) process.stderr.write(`${describeFetches(row)}\n`);
    rows.push(...measured);
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  `First tap before hydration (issue 35, goal 2): phone 390 px, touch, slow 4G (562.5 ms RTT) + 4x CPU, ${http2 ? 'HTTPS with HTTP/2' : 'HTTP/1.1 (six connections)'}, a fresh first visit per try, ${tries} tries`,
);
console.log(`ack: the island busy / the control dimmed (a field: focused), goal ${ACK_GOAL_MS} ms; response: the widget's first change once hydrated, goal ${FIRST_TAP_GOAL_MS} ms; both at the next frame, from the tap's pointerdown`);
console.log(
  `${began.toISOString().slice(0, 16)}-${new Date().toISOString().slice(11, 16)} UTC, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, Chromium ${browser.version()}, 1-minute load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
);
for (const row of firstTapTable(rows)) console.log(row);
const over = rows.filter((row) => !withinGoal(row));
console.log(over.length === 0 ? `every first tap answered within ${FIRST_TAP_GOAL_MS} ms` : `${rows.length - over.length} of ${rows.length} within ${FIRST_TAP_GOAL_MS} ms; over: ${over.map((r) => `${r.path} ${r.what}`).join(', ')}`);
