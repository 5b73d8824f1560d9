import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chrome.mjs';
import { visitorContext, stayingPage, visitorSteps } from './tooling/replay/fuzz/session';
import { seededRandom } from './runtime/random';

const base = 'http://127.0.0.1:4391';
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
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
  await inspector.evaluate(() => { const w = window as any; w.__counts = {}; addEventListener('message', (e) => { const d = e.data; const t = `${d?.type} ${d?.type === '@xstate.event' ? d.event?.type : ''}`; w.__counts[t] = (w.__counts[t] ?? 0) + 1; }); });
  await page.evaluate(() => { const w = window as any; w.__counts = {}; addEventListener('message', (e) => { const d = e.data; const t = `${typeof d} ${d?.type} ${e.origin} ${e.source === window ? 'self' : 'other'}`; w.__counts[t] = (w.__counts[t] ?? 0) + 1; }, true); });
  const cdp = await context.newCDPSession(page);
  const events: any[] = [];
  cdp.on('Tracing.dataCollected', ({ value }: any) => events.push(...value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute,blink.user_timing', transferMode: 'ReportEvents' } as any);
  const t0 = performance.now();
  await visitorSteps(page, { random: seededRandom(seed), size, actions: 8, log, pausedClock: true });
  const wall = performance.now() - t0;
  await cdp.send('Tracing.end'); await done;
  // main threads: CrRendererMain
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const perThread = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const t = names.get(`${e.pid}:${e.tid}`) ?? '?';
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') perThread.set(`${t} ${e.pid}`, (perThread.get(`${t} ${e.pid}`) ?? 0) + (e.tdur ?? e.dur) / 1000);
    if (t === 'CrRendererMain') byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? e.dur) / 1000);
  }
  console.log(path, size, 'wall', wall.toFixed(0), log.join('; '));
  const main = events.filter((e) => e.ph === 'X' && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain');
  const frames = new Map<string, string>();
  for (const e of events) { const d = e.args?.data; if (d?.frame && d?.url) frames.set(d.frame, frames.get(d.frame) ?? d.url); }
  // self time per (name, url-ish) for children of HandlePostMessage and for top tasks
  const hpm = main.filter((e) => e.name === 'HandlePostMessage');
  const inside = (outer: any, e: any) => e !== outer && e.ts >= outer.ts && e.ts + (e.dur ?? 0) <= outer.ts + outer.dur;
  const agg = new Map<string, number>();
  for (const h of hpm) {
    const kids = main.filter((e) => inside(h, e) && e.name === 'FunctionCall');
    const key = `HPM frame ${(frames.get(h.args?.data?.frame) ?? h.args?.data?.frame ?? '?').slice(-40)}`;
    agg.set(key, (agg.get(key) ?? 0) + (h.tdur ?? h.dur) / 1000);
    for (const k of kids) { const kk = `  FunctionCall ${(k.args?.data?.url ?? '').split('/').pop()} ${k.args?.data?.functionName ?? ''}`; agg.set(kk, (agg.get(kk) ?? 0) + (k.tdur ?? k.dur) / 1000); }
  }
  console.log('PAGE got', Object.entries(await page.evaluate(() => (window as any).__counts)).sort((a: any, b: any) => b[1] - a[1]).slice(0, 12).map((x: any) => x.join(' ')).join(' | '));
  console.log('HandlePostMessage count', hpm.length, Object.entries(await inspector.evaluate(() => (window as any).__counts)).sort((a: any, b: any) => b[1] - a[1]).slice(0, 12).map((x: any) => x.join(' ')).join(' | '));
  console.log([...agg].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ${k}`).join('\n'));
  const fc = new Map<string, number>();
  for (const e of main.filter((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'TimerFire' || e.name === 'FireIdleCallback' || e.name === 'FireAnimationFrame')) { const k = `${e.name} ${(frames.get(e.args?.data?.frame) ?? '').slice(-30)} ${(e.args?.data?.url ?? '').split('/').pop()} ${e.args?.data?.functionName ?? ''}`; fc.set(k, (fc.get(k) ?? 0) + (e.tdur ?? e.dur) / 1000); }
  console.log([...fc].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ${k}`).join('\n'));
  console.log([...perThread].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `  ${k}: ${v.toFixed(0)}`).join('\n'));
  console.log([...byName].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ${k}`).join('\n'));
  await context.close();
}
await browser.close();
