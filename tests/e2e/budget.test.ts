import { chromium, type Browser, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { behaviourEntry } from '../../runtime/widget';
import { LONG_TASK_MS } from '../../tooling/bench/interactions';
import { measureTasks, type TaskMeasure } from '../../tooling/bench/main-thread';
import { HYDRATED_JS_BUDGET, HYDRATED_JS_GOAL, INITIAL_JS_BUDGET } from '../../tooling/build/budget';
import { behaviours } from '../../widgets/registry';
import { chunkOf, entryChunks } from '../support/chunks';
import { DESKTOP, PHONE, SLOW_4G, measureVisit, sitemapPaths, throttle } from '../support/phone-visitor';

/**
 * docs/design.md budgets as the visitor's browser sees them (issue 14), on every page of the sitemap:
 * the JS the page fetches until load + 2 s with no input, the JS once the visitor has scrolled to
 * the end and focused every form, and the layout shift on load at phone and desktop sizes. Measured
 * from the browser's network (tests/support/phone-visitor.ts, shared with `npm run bench:visitor`), never
 * from the build graph. Slow 4G as in the benchmark, so the scripts arrive after the first paint as on
 * a phone (a lighter network hid a late device flag at phone size); no CPU slowdown, so the suite
 * stays short. Pages run concurrently.
 */
const MAX_LAYOUT_SHIFT = 0.01;
const throttling = { network: SLOW_4G, cpu: 1 };
const paths = await sitemapPaths(inject('baseURL'));

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await chromium.connect(inject('wsEndpoint'));
});
afterAll(async () => {
  await browser?.close();
});
const connected = () => {
  if (!browser) throw new Error('the browser is not connected');
  return browser;
};
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Whether every island on the page answers as its behaviour (issue 35): then no React, and goal 4. */
async function allIslandsAnswer(path: string): Promise<boolean> {
  const html = await (await fetch(new URL(path, inject('baseURL')))).text();
  const widgets = [...html.matchAll(/data-widget="([a-z-]+)"/g)].map((match) => match[1] ?? '');
  return widgets.length > 0 && widgets.every((widget) => behaviours[widget] !== undefined && behaviourEntry(behaviours[widget]).answersInput);
}

describe.concurrent('JS budgets and layout shift, measured in the browser (docs/design.md)', () => {
  it('the sitemap lists every demo page', ({ expect }) => {
    expect(paths).toEqual(expect.arrayContaining(['/', '/dosing/', '/gallery/', '/about/']));
  });

  it.for(paths)('%s on a phone: at most 40 KB before interaction, 120 KB hydrated (110 and no React where every island answers), no layout shift', { timeout: 90_000 }, async (path, { expect }) => {
    const visit = await measureVisit(connected(), inject('baseURL'), path, { context: PHONE, throttling });
    const scripts = visit.initialScripts.map((s) => `${s.url} ${kb(s.gzip)}`).join(', ');
    expect(visit.initialJs, `before interaction: ${scripts}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    // The view chunk (React and the mount) is never among them: no island pulls React in at load.
    expect(visit.initialScripts.map((s) => s.url)).not.toContainEqual(chunkOf('runtime/mount.tsx'));
    expect(visit.hydratedJs, `hydrated: ${visit.hydratedScripts.map((s) => `${s.url} ${kb(s.gzip)}`).join(', ')}`).toBeLessThanOrEqual(HYDRATED_JS_BUDGET);
    expect(visit.hydratedJs).toBeGreaterThan(visit.initialJs); // something did hydrate: the measure is live
    // Issue 35, goal 4: a page whose islands all answer as their behaviour never loads React.
    if (await allIslandsAnswer(path)) {
      expect(visit.hydratedScripts.map((s) => s.url)).not.toContainEqual(chunkOf('runtime/mount.tsx'));
      expect(visit.hydratedJs).toBeLessThanOrEqual(HYDRATED_JS_GOAL);
    }
    expect(visit.cls, JSON.stringify(visit.shifts)).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
  });

  it('the entry\'s imports are asked for beside it, as one chunk, not a round trip after it has arrived (issue 35, goal 2)', { timeout: 60_000 }, async ({ expect }) => {
    const context = await connected().newContext({ ...PHONE, baseURL: inject('baseURL') });
    try {
      const page = await context.newPage();
      await throttle(page, throttling);
      const { entry, imports } = entryChunks();
      // xstate, the clock, the settings and the ids: one request beside the entry's on a phone's six connections.
      expect(imports).toHaveLength(1);
      const requests = new Map<string, Request>();
      page.on('request', (request) => requests.set(new URL(request.url()).pathname, request));
      await page.goto('/contact/', { waitUntil: 'load', timeout: 60_000 });
      const timing = (url: string) => {
        const request = requests.get(url);
        if (!request) throw new Error(`${url} was not requested`);
        return request.timing();
      };
      // Slow 4G: the entry takes at least one 562 ms round trip; its import is asked for before it has arrived.
      const arrived = timing(entry).startTime + timing(entry).responseEnd;
      for (const url of imports) expect(timing(url).startTime, url).toBeLessThan(arrived - SLOW_4G.latency / 2);
    } finally {
      await context.close();
    }
  });

  it.for(paths)('%s on a desktop: no layout shift on load', { timeout: 90_000 }, async (path, { expect }) => {
    const visit = await measureVisit(connected(), inject('baseURL'), path, { context: DESKTOP, throttling, hydrate: false });
    expect(visit.cls, JSON.stringify(visit.shifts)).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
  });
});

/**
 * Issue 35, goal 3: no task over 50 ms at a phone's 4x CPU while a page loads and hydrates, nor while
 * it answers a tap on each widget (every island in use, as `npm run bench:visitor` taps them). From
 * a Chromium trace: each task's CPU time x4 (tooling/bench/main-thread.ts), which the machine's load
 * moves little; the best of up to three visits, as what another process takes from the page only ever
 * adds. A task over 50 ms is allowed only as the browser's own rendering (the page's script under
 * 10 ms of it): the first style and layout of a long page, a native `<video controls>` building its
 * controls (docs/performance.md names them). Not tapped: the donate button, whose `window.open()`
 * must run in the visitor's tap (docs/performance.md, "Goal 3 in the browser").
 */
const SCRIPT_IN_A_RENDERING_TASK_MS = 10;
const NOT_TAPPED = ['donate-button'];
const VISITS = 3;

describe('long tasks at 4x CPU, from a trace (issue 35, goal 3)', () => {
  it.for(paths)("%s: no task over 50 ms runs the page's script, while it loads, hydrates and answers a tap on each widget", { timeout: 180_000 }, async (path, { expect }) => {
    const ours = (tasks: readonly TaskMeasure[]) => tasks.filter((task) => task.ms > LONG_TASK_MS && task.scriptMs >= SCRIPT_IN_A_RENDERING_TASK_MS);
    let tasks: TaskMeasure[] = [];
    for (let visit = 0; visit < VISITS; visit++) {
      tasks = await measureTasks(connected(), inject('baseURL'), path, NOT_TAPPED);
      if (ours(tasks).length === 0) break;
    }
    const describeTask = (task: TaskMeasure) => `${Math.round(task.ms)} ms (script ${Math.round(task.scriptMs)}; most: ${task.what}) during ${task.during}`;
    // The measure is live: the page's script ran while it loaded and again when it was tapped.
    expect(tasks.some((task) => task.during === 'load' && task.scriptMs > 0)).toBe(true);
    expect(tasks.some((task) => task.during !== 'load' && task.scriptMs > 0)).toBe(true);
    expect(ours(tasks).map(describeTask)).toEqual([]);
  });
});
