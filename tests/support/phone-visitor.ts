import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page, Request } from 'playwright-core';
import { untilSteady } from './steady';

/**
 * How a visitor's phone sees a page, measured in Chromium (docs/design.md, budgets): what JS the page
 * fetches before any interaction and after every island has hydrated, and how much the layout
 * shifts on load. The budget e2e test and `npm run bench:visitor` both use this module, so the
 * test and the benchmark measure one thing, the way the browser does.
 */

/** A mid-range Android phone, as Lighthouse's mobile profile: 390 px wide, touch, mobile UA. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** Lighthouse's "slow 4G" as DevTools applies it (request-level): 562.5 ms RTT, 1.6 Mbps down, 750 Kbps up. */
export const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
/** Lighthouse's mobile CPU slowdown. */
export const CPU_SLOWDOWN = 4;
/** docs/design.md: the window after the load event in which the visitor does nothing. */
export const IDLE_AFTER_LOAD_MS = 2_000;

export interface ScriptFetch {
  url: string;
  gzip: number;
}

export interface VisitorMeasure {
  path: string;
  /** gzip bytes of every script fetched until load + 2 s with no input. */
  initialJs: number;
  initialScripts: ScriptFetch[];
  /** gzip bytes of every script fetched by the end: scrolled to the bottom, every form focused, every island settled. */
  hydratedJs: number;
  hydratedScripts: ScriptFetch[];
  /** Sum of layout-shift values without recent input, from navigation to load + 2 s. */
  cls: number;
  shifts: Array<{ value: number; sources: string[] }>;
}

/** gzip at level 9, as the build's own figures (tooling/build/budget.ts). */
export const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

export interface Throttling {
  network: typeof SLOW_4G | false;
  cpu: number;
}
/** The visitor's phone of docs/design.md. */
export const PHONE_THROTTLING: Throttling = { network: SLOW_4G, cpu: CPU_SLOWDOWN };

/** Slows the page's network and CPU through the DevTools protocol, as Lighthouse's devtools throttling does. */
export async function throttle(page: Page, throttling: Throttling = PHONE_THROTTLING): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  if (throttling.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...throttling.network });
  }
  if (throttling.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpu });
}

/**
 * Installed before any page script: collects every layout shift the page reports, with what moved.
 * A string, so that no transpiler helper (tsx's __name) leaks into the page.
 */
const OBSERVE_LAYOUT_SHIFTS = `(() => {
  const shifts = [];
  window.__layoutShifts = shifts;
  const describe = (node) => !(node instanceof Element) ? String(node && node.nodeName)
    : node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (node.classList.length ? '.' + [...node.classList].slice(0, 2).join('.') : '');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources || []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** What a reader does on a page: scroll to its end half a screen at a time, and put the cursor in every form. */
const READ_EVERYTHING = `(async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
    window.scrollTo(0, y);
    await frame();
    await frame();
  }
  for (const form of document.querySelectorAll('form')) {
    const field = form.querySelector('input:not([type="hidden"]), textarea, select');
    if (field) field.focus({ preventScroll: true });
    await frame();
  }
})()`;

/**
 * Collects every script the page asks for, with its body's gzip size once it has arrived: a script
 * requested in the window counts even if its body is still on the way when the window closes.
 */
function recordScripts(page: Page) {
  const pending = new Set<Promise<void>>();
  const scripts: ScriptFetch[] = [];
  let requested = 0;
  const onRequest = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    requested++;
    const task = request
      .response()
      .then((response) => response?.body())
      .then((body) => void (body && scripts.push({ url: new URL(request.url()).pathname, gzip: gzipSize(body) })))
      .catch(() => undefined)
      .finally(() => pending.delete(task));
    pending.add(task);
  };
  page.on('request', onRequest);
  return {
    /** Every script requested so far, once their bodies have arrived. */
    async snapshot(): Promise<ScriptFetch[]> {
      while (pending.size > 0) await Promise.all([...pending]);
      return [...scripts];
    },
    /** How many scripts the page has asked for so far. */
    requested: () => requested,
    stop: () => page.off('request', onRequest),
  };
}

const total = (scripts: ScriptFetch[]) => scripts.reduce((sum, s) => sum + s.gzip, 0);

/**
 * Opens `path` as a first-time visitor: measures the JS fetched before interaction and the layout
 * shift, then (unless `hydrate: false`) scrolls to the end, focuses every form and waits for every
 * island to settle, and measures the JS fetched by then.
 */
export async function measureVisit(
  browser: Browser,
  baseURL: string,
  path: string,
  options: { context?: BrowserContextOptions; throttling?: Throttling; hydrate?: boolean } = {},
): Promise<VisitorMeasure> {
  const context = await browser.newContext({ baseURL, ...(options.context ?? PHONE) });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LAYOUT_SHIFTS);
    await throttle(page, options.throttling ?? PHONE_THROTTLING);
    const scripts = recordScripts(page);
    await page.goto(path, { waitUntil: 'load', timeout: 60_000 });
    // docs/design.md: the budget window is the load event plus 2 s in which the visitor does nothing; it is
    // a span of the page's own time to observe, not a wait for some state.
    await page.evaluate(`new Promise((done) => setTimeout(done, ${IDLE_AFTER_LOAD_MS}))`);
    const initialScripts = await scripts.snapshot();
    const shifts = (await page.evaluate('window.__layoutShifts')) as Array<{ value: number; sources: string[] }>;
    let hydratedScripts = initialScripts;
    if (options.hydrate ?? true) {
      await visitEverything(page, scripts.requested);
      hydratedScripts = await scripts.snapshot();
    }
    scripts.stop();
    return {
      path,
      initialJs: total(initialScripts),
      initialScripts,
      hydratedJs: total(hydratedScripts),
      hydratedScripts,
      cls: shifts.reduce((sum, s) => sum + s.value, 0),
      shifts,
    };
  } finally {
    await context.close();
  }
}

/** Scripts have stopped coming once none was asked for in this long. */
const SCRIPTS_QUIET_MS = 2_000;

async function visitEverything(page: Page, scriptsRequested: () => number): Promise<void> {
  await page.evaluate(READ_EVERYTHING);
  // Every island that started loading has hydrated (or failed) once the runtime says it has settled.
  await page.waitForFunction('window.sitecharts !== undefined', undefined, { timeout: 60_000 });
  await page.evaluate('window.sitecharts.islands.settled()');
  // Then until no script has been asked for in 2 s (what a hydration loads next is counted). Not
  // 'networkidle': a frame or a player may keep the network busy (the donate page's provider frame
  // did for over 60 s in a loaded CI run) without one more byte of the page's JS.
  await untilSteady(scriptsRequested, { quietMs: SCRIPTS_QUIET_MS, timeoutMs: 60_000, what: 'script requests' });
}

/** Every page the sitemap lists, as paths. */
export async function sitemapPaths(baseURL: string): Promise<string[]> {
  const xml = await (await fetch(new URL('/sitemap.xml', baseURL))).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
}
