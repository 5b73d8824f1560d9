import type { Browser } from 'playwright-core';
import { CPU_SLOWDOWN, IDLE_AFTER_LOAD_MS, PHONE } from '../../tests/support/phone-visitor';

/**
 * What keeps a phone's main thread busy on load, from a Chromium performance trace: the page is
 * loaded unthrottled at the phone's size and every main-thread task's CPU time (the trace's thread
 * time, not its wall time) is scaled by the phone's 4x CPU slowdown, as Lighthouse's simulated
 * throttling scales what it observed. Thread time leaves out the time the machine gave to other
 * processes, so the figure stays put when the machine is loaded, where Lighthouse's TBT does not
 * (issue 14: its TBT moved from 0 to 250 ms on the same page with the load average).
 */
export interface MainThreadMeasure {
  /** Σ (task - 50 ms) over the tasks longer than 50 ms that end after the first contentful paint, until load + 2 s. */
  blockingMs: number;
  /** The longest such task, ms, and what took most of it. */
  longestMs: number;
  longestWhat: string;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string }; beginData?: { url?: string } };
}

/** Tracing categories: tasks, what runs in them (script, style, layout, paint), and the paint marks. */
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'].join(',');
/** The kinds of work a task is broken down into. */
const WORK = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'RunMicrotasks', 'ParseHTML', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'MajorGC', 'MinorGC']);
const LONG_TASK_MS = 50;

export async function measureMainThread(browser: Browser, baseURL: string, path: string): Promise<MainThreadMeasure> {
  const context = await browser.newContext({ baseURL, ...PHONE });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(path, { waitUntil: 'load', timeout: 60_000 });
    // The same window as the JS budget: load + 2 s of no input, on the page's own clock.
    await page.evaluate(`new Promise((done) => setTimeout(done, ${IDLE_AFTER_LOAD_MS}))`);
    await cdp.send('Tracing.end');
    await complete;
    return blockingTime(events, new URL(path, baseURL).href);
  } finally {
    await context.close();
  }
}

/** The blocking time of the page's main thread in a trace. */
function blockingTime(events: readonly TraceEvent[], url: string): MainThreadMeasure {
  // The page's main thread is the one that parsed its HTML.
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  if (!parse) throw new Error(`the trace has no parse of ${url}`);
  const onMain = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid);
  const cpuMs = (e: TraceEvent) => ((e.tdur ?? e.dur ?? 0) * CPU_SLOWDOWN) / 1000;
  let blockingMs = 0;
  let longest: TraceEvent | undefined;
  for (const task of onMain) {
    if (task.name !== 'RunTask' || cpuMs(task) <= LONG_TASK_MS) continue;
    if (fcp && task.ts + (task.dur ?? 0) < fcp.ts) continue;
    blockingMs += cpuMs(task) - LONG_TASK_MS;
    if (!longest || cpuMs(task) > cpuMs(longest)) longest = task;
  }
  return { blockingMs, longestMs: longest ? cpuMs(longest) : 0, longestWhat: longest ? mostOf(longest, onMain, cpuMs) : '' };
}

/** The kind of work (and script) that took most of a task. */
function mostOf(task: TraceEvent, onMain: readonly TraceEvent[], cpuMs: (e: TraceEvent) => number): string {
  const end = task.ts + (task.dur ?? 0);
  const sums = new Map<string, number>();
  for (const e of onMain) {
    if (e === task || !WORK.has(e.name) || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
    const script = e.args?.data?.url ? ` ${new URL(e.args.data.url).pathname}` : '';
    const key = `${e.name}${script}`;
    sums.set(key, (sums.get(key) ?? 0) + cpuMs(e));
  }
  const [what] = [...sums].sort((a, b) => b[1] - a[1]);
  return what ? `${what[0]} ${Math.round(what[1])} ms` : '';
}
