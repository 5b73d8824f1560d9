import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chrome.mjs';
import { visitorContext, stayingPage, visitorSteps } from './tooling/replay/fuzz/session';
import { seededRandom } from './runtime/random';

const base = 'http://127.0.0.1:4391';
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
async function profile(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop') as any;
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
    const counts = new Map<number, number>();
    for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
    const dt = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
    let total = 0;
    for (const [id, c] of counts) {
      const n: any = byId.get(id);
      const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + c * dt);
      if (!['(idle)', '(program)'].includes(n.callFrame.functionName)) total += c * dt;
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `   ${v.toFixed(0).padStart(6)} ms ${k}`);
    return `busy ${total.toFixed(0)} ms of ${((profile.endTime - profile.startTime) / 1000).toFixed(0)}\n${top.join('\n')}`;
  };
}
for (const [path, size, seed] of [['/team/', 'desktop', 5], ['/', 'phone', 8]] as const) {
  const context = await visitorContext(browser, base, size);
  const log: string[] = [];
  const { page, stayOnPage } = await stayingPage(context, log);
  const opened = context.waitForEvent('page');
  await page.goto(`${path}?inspect&clock=paused&seed=${seed}`);
  stayOnPage();
  const inspector = await opened;
  await inspector.waitForLoadState('load');
  await page.bringToFront();
  await page.evaluate(() => (window as any).sitecharts?.islands.hydrateAll());
  const stopPage = await profile(page);
  const stopInspector = await profile(inspector);
  const t0 = performance.now();
  await visitorSteps(page, { random: seededRandom(seed), size, actions: 8, log, pausedClock: true });
  console.log(path, size, 'steps wall', (performance.now() - t0).toFixed(0));
  console.log('PAGE', await stopPage());
  console.log('INSPECTOR', await stopInspector());
  await context.close();
}
await browser.close();
