import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chrome.mjs';
import { visitorContext, stayingPage, visitorSteps } from './tooling/replay/fuzz/session';
import { seededRandom } from './runtime/random';
import { cpuSeconds, processTree } from './tests/support/process-tree';

const tree = () => processTree(process.pid).reduce((s, p) => s + (p === process.pid ? 0 : cpuSeconds(p)), 0) + (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
const base = 'http://127.0.0.1:4391';
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
const INSPECT = process.env.INSPECT !== '0';
const totals: Record<string, number> = {};
for (const [path, size, seed] of [['/team/', 'desktop', 5], ['/videos/', 'phone', 6], ['/contact/', 'desktop', 7], ['/', 'phone', 8], ['/gallery/', 'desktop', 9], ['/services/', 'phone', 10]] as const) {
  let c = tree(); const marks: string[] = [];
  const mark = (n: string) => { const now = tree(); marks.push(`${n} ${(now - c).toFixed(2)}`); totals[n] = (totals[n] ?? 0) + now - c; c = now; };
  const context = await visitorContext(browser, base, size);
  const log: string[] = [];
  const { page, stayOnPage } = await stayingPage(context, log);
  mark('context');
  const opened = INSPECT ? context.waitForEvent('page') : undefined;
  await page.goto(`${path}?${INSPECT ? 'inspect&clock=paused&' : ''}seed=${seed}`);
  stayOnPage();
  if (opened) { const inspector = await opened; await inspector.waitForLoadState('load'); await page.bringToFront(); }
  await page.waitForFunction(() => (window as any).sitecharts !== undefined);
  mark('load');
  await page.evaluate(() => (window as any).sitecharts?.islands.hydrateAll());
  mark('hydrate');
  await visitorSteps(page, { random: seededRandom(seed), size, actions: 8, log, pausedClock: INSPECT });
  mark('steps');
  await context.close();
  mark('close');
  console.log(path, size, marks.join(' | '));
}
console.log('totals', Object.entries(totals).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | '));
await browser.close();
