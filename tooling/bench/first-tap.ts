import type { Browser, Request } from 'playwright-core';
import { PHONE, throttle } from '../../tests/support/phone-visitor';
import { CONTROL_SELECTOR, fingerTap, islandControl, label, median, popoverOpener, stayOnPage, targets, type Target } from './interactions';

/**
 * Issue 35, goal 2: a visitor's first tap on a widget whose code has not loaded yet, on a phone on
 * slow 4G at 4x CPU. For every widget control the interaction bench taps (tooling/bench/interactions.ts
 * chooses them), a fresh first visit per try: the tap lands at the control's centre on the touch
 * screen as soon as the control is on screen and its island is on the page's runtime but not
 * hydrated (`data-island` says so), and the page itself records, from the tap's `pointerdown`:
 * - the acknowledgement: the island marked busy by the runtime (`aria-busy`, the control dimmed),
 *   or, for a text field, the field focused (its caret), or the popover that holds the island open
 *   (the header search behind its button: the first tap is on the button), at the next animation frame;
 * - the response: the first change of the DOM the widget makes once its island has hydrated, or once
 *   its behaviour answers input itself (`answering`, no view: the tabs), inside the island or a
 *   dialog it opens (a tab selected, a panel open, a slide moved, results listed), or the page
 *   scrolling (a link to a place on the page: the table of contents),
 *   at the next animation frame; the runtime's own marks (`data-island`, `aria-busy`,
 *   `data-sc-pressed`) are not the widget's answer. A tap that changes nothing once hydrated (a field
 *   whose typed text is simply kept) counts its hydration as its response, and says so.
 * With each try, the scripts the page fetched after the tap and how many round trips deep those
 * asked for before the island hydrated chain (a script asked for only once another fetched after the tap
 * had arrived is one trip deeper).
 */
export interface FirstTapMeasure {
  path: string;
  what: string;
  action: string;
  tries: FirstTapTry[];
}

export interface FirstTapTry {
  /** The island's data-island when the tap landed ('waiting', 'running', 'loading'; 'hydrated' or 'answering' makes the try void). */
  islandAtTap: string;
  /**
   * ms from the navigation to the tap: the tap lands as soon as the runtime has found the island, so a
   * page that boots sooner is tapped sooner, while more of it is still loading; the response plus
   * this is when the visitor saw the answer.
   */
  tapAt: number;
  /** ms from the tap to the acknowledgement's frame; undefined: none seen. */
  ack?: number;
  /** ms from the tap to the island's hydration frame. */
  hydrated?: number;
  /** ms from the tap to the frame of the widget's first change after hydration (or its hydration, when `changed` is false). */
  response?: number;
  changed: boolean;
  /** Scripts fetched after the tap: path, ms from the tap to its request and to its last byte, gzip-less bytes on the wire. */
  scripts: Array<{ url: string; start: number; end: number }>;
  /** The longest chain of scripts asked for between the tap and the island's hydration, in round trips. */
  roundTrips: number;
}

/** Issue 35, goal 2: the full response to a first tap within 1 s on slow 4G. */
export const FIRST_TAP_GOAL_MS = 1_000;
/** Issue 35, goal 2: the acknowledgement within 100 ms. */
export const ACK_GOAL_MS = 100;
/** How long after hydration a widget may take to change something before its hydration counts as its answer. */
const CHANGE_WINDOW_MS = 3_000;
/** A try gives up this long after the tap. */
const GIVE_UP_MS = 30_000;

/**
 * Installed before the page's scripts; armed just before the tap with the island's index. A string,
 * so that no transpiler helper leaks into the page.
 */
const RECORD = `(() => {
  const BOOKKEEPING = new Set(['data-island', 'aria-busy', 'data-sc-pressed']);
  const DIALOG = 'dialog, [role="dialog"], [role="alertdialog"]';
  const tap = { start: null, state: null, ack: null, hydrated: null, hydratedSeen: null, outcome: null, response: null };
  window.__firstTap = tap;
  const frame = (key) => requestAnimationFrame(() => { if (tap[key] === null) tap[key] = performance.now(); });
  let acked = false;
  let answered = false;
  const acknowledge = () => { if (!acked && tap.start !== null) { acked = true; frame('ack'); } };
  window.__armFirstTap = (index) => {
    const island = document.querySelectorAll('[data-widget]')[index];
    addEventListener('pointerdown', (event) => {
      if (tap.start !== null) return;
      tap.start = event.timeStamp;
      tap.state = island.dataset.island || '';
    }, { capture: true });
    // A popover that holds the island (the header search behind its button) opening is the answer to the tap on its button.
    document.addEventListener('toggle', (event) => {
      if (event.newState === 'open' && event.target instanceof Element && event.target.contains(island)) acknowledge();
    }, { capture: true });
    addEventListener('focusin', (event) => {
      const target = event.target;
      if (island.contains(target) && target.matches('input, textarea, select')) acknowledge();
    }, { capture: true });
    // The page scrolling once the island runs is its answer too: a link to a place on the page (the
    // table of contents) answers by taking the visitor there, before any mark of its own changes.
    addEventListener('scroll', () => {
      if (tap.hydratedSeen === null || answered || tap.start === null) return;
      answered = true;
      frame('response');
    }, { capture: true, passive: true });
    new MutationObserver((records) => {
      for (const record of records) {
        const name = record.attributeName;
        if (record.target === island && name === 'aria-busy' && island.getAttribute('aria-busy') === 'true') acknowledge();
        // 'answering': a behaviour that answers input itself (widgets/registry.ts) took the island; no view loads.
        if (record.target === island && name === 'data-island' && ['hydrated', 'answering', 'failed'].includes(island.dataset.island)) {
          if (tap.hydratedSeen === null) { tap.hydratedSeen = performance.now(); tap.outcome = island.dataset.island; frame('hydrated'); }
        }
        if (record.type === 'attributes' && BOOKKEEPING.has(name)) continue;
        if (tap.hydratedSeen === null || answered || tap.start === null) continue;
        const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        const added = [...record.addedNodes].some((n) => n.nodeType === 1 && (n.matches(DIALOG) || n.querySelector(DIALOG)));
        if (node && (island.contains(node) || node.closest(DIALOG) || added)) { answered = true; frame('response'); }
      }
    }).observe(document.documentElement, { attributes: true, attributeOldValue: true, childList: true, subtree: true, characterData: true });
  };
})()`;

interface Recorded {
  start: number | null;
  state: string | null;
  ack: number | null;
  hydrated: number | null;
  hydratedSeen: number | null;
  outcome: string | null;
  response: number | null;
}

/** Every widget control of the page (the interaction bench's), each tapped first on `tries` fresh visits. */
export async function measureFirstTaps(browser: Browser, baseURL: string, path: string, tries: number, only?: readonly string[]): Promise<FirstTapMeasure[]> {
  const measures: FirstTapMeasure[] = [];
  for (const target of await islandTargets(browser, baseURL, path)) {
    if (only && !only.includes(target.what)) continue;
    const measure: FirstTapMeasure = { path, what: target.what, action: '', tries: [] };
    for (let i = 0; i < tries; i++) {
      const done = await firstTap(browser, baseURL, path, target).catch((error: unknown) => {
        process.stderr.write(`  ${path} ${target.what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
        return undefined;
      });
      if (!done) continue;
      measure.action = done.action;
      measure.tries.push(done.measured);
    }
    if (measure.tries.length > 0) measures.push(measure);
  }
  return measures;
}

/** The interaction bench's island controls, found on a page that has hydrated (unthrottled). */
async function islandTargets(browser: Browser, baseURL: string, path: string): Promise<Array<Required<Pick<Target, 'what' | 'island'>>>> {
  const context = await browser.newContext({ ...PHONE, baseURL });
  try {
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForFunction(() => window.sitecharts !== undefined);
    await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
    return (await targets(page)).flatMap(({ what, island }) => (island ? [{ what, island }] : []));
  } finally {
    await context.close();
  }
}

async function firstTap(browser: Browser, baseURL: string, path: string, target: Required<Pick<Target, 'what' | 'island'>>) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  try {
    await context.addInitScript(RECORD);
    const page = await context.newPage();
    // As in the interaction bench: a tap that would leave the page is answered 204 (the browser
    // stays), and a window it opens is closed.
    const loaded = await stayOnPage(page);
    const scripts: Array<{ url: string; requested: number; request: Request }> = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push({ url: new URL(request.url()).pathname, requested: Date.now(), request });
    });
    await throttle(page);
    await page.goto(path, { waitUntil: 'commit', timeout: 60_000 });
    loaded();
    const { index, popover } = target.island;
    // The runtime has found the island: from now on a tap on it is the runtime's to keep.
    await page.waitForFunction((i) => document.querySelectorAll<HTMLElement>('[data-widget]')[i]?.dataset.island !== undefined, index, { timeout: 60_000, polling: 50 });
    const control = islandControl(page, index);
    await page.evaluate((i) => (window as unknown as { __armFirstTap(index: number): void }).__armFirstTap(i), index);
    // A control in a closed popover (the header search on a phone): the visitor's first tap is on the
    // button that shows it, and the clock starts there.
    if (popover) await fingerTap(page, popoverOpener(page, popover));
    // A control the prerendered page hides until the widget runs (the media player's own controls,
    // shown once the media is ready; before, the browser's controls are the player) cannot take a
    // first tap before the island has loaded: said, not timed out.
    const shown = await page.waitForFunction(
      ({ i, selector }) => {
        const island = document.querySelectorAll<HTMLElement>('[data-widget]')[i];
        const first = island?.querySelector<HTMLElement>(selector);
        if (first && first.checkVisibility()) return 'visible';
        return island && ['hydrated', 'answering', 'failed'].includes(island.dataset.island ?? '') ? 'after' : false;
      },
      { i: index, selector: CONTROL_SELECTOR },
      { timeout: 30_000, polling: 50 },
    );
    if ((await shown.jsonValue()) === 'after') throw new Error('its control shows only once the island runs: no first tap before it has loaded');
    await control.waitFor({ state: 'visible', timeout: 30_000 });
    const typing = await control.evaluate((element) => element instanceof HTMLInputElement);
    const action = `${popover ? 'tap its button, ' : ''}${typing ? 'type "28" into' : 'tap'} ${await label(control)}`;
    await fingerTap(page, control);
    if (typing) await page.keyboard.type('28');
    await page.waitForFunction(
      ({ window: changeWindow, giveUp }) => {
        const tap = (window as unknown as { __firstTap: Recorded }).__firstTap;
        if (tap.start === null) return false;
        if (performance.now() - tap.start > giveUp) return true;
        if (tap.response !== null) return true;
        return tap.hydratedSeen !== null && (tap.outcome === 'failed' || performance.now() - tap.hydratedSeen > changeWindow);
      },
      { window: CHANGE_WINDOW_MS, giveUp: GIVE_UP_MS },
      { timeout: GIVE_UP_MS + 10_000, polling: 100 },
    );
    const recorded = (await page.evaluate('({ ...window.__firstTap, origin: performance.timeOrigin })')) as Recorded & { origin: number };
    if (recorded.start === null) throw new Error('the tap did not reach the page');
    const start = recorded.start;
    const since = (at: number | null) => (at === null ? undefined : Math.round(at - start));
    const tapEpoch = recorded.origin + start;
    const fetched = await Promise.all(
      scripts
        .filter((script) => script.requested >= tapEpoch - 5)
        .map(async ({ url, request }) => {
          await request.response().catch(() => undefined);
          const timing = request.timing();
          const end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : NaN;
          return { url, start: Math.round(timing.startTime - tapEpoch), end: Math.round(end - tapEpoch) };
        }),
    );
    const hydrated = since(recorded.hydratedSeen);
    const measured: FirstTapTry = {
      islandAtTap: recorded.state ?? '',
      tapAt: Math.round(start),
      ack: since(recorded.ack),
      hydrated: since(recorded.hydrated),
      response: since(recorded.response ?? (recorded.outcome === 'hydrated' || recorded.outcome === 'answering' ? recorded.hydrated : null)),
      changed: recorded.response !== null,
      scripts: fetched.sort((a, b) => a.start - b.start),
      // What the island waited for: the scripts asked for before it hydrated (other islands load after it).
      roundTrips: chainLength(fetched.filter((script) => hydrated === undefined || script.start < hydrated)),
    };
    return { action, measured };
  } finally {
    await context.close();
  }
}

/** The longest chain of fetches in which each one was asked for only after the one before had arrived. */
export function chainLength(fetches: ReadonlyArray<{ start: number; end: number }>): number {
  const depth = new Map<{ start: number; end: number }, number>();
  const ordered = [...fetches].sort((a, b) => a.start - b.start);
  for (const fetch of ordered) {
    const before = ordered.filter((other) => other !== fetch && Number.isFinite(other.end) && other.end <= fetch.start);
    depth.set(fetch, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  return Math.max(0, ...depth.values());
}

const worst = (values: readonly number[]) => Math.max(...values);

/** A try counts when the island had not hydrated before the tap. */
const counted = (measure: FirstTapMeasure) => measure.tries.filter((t) => t.islandAtTap !== 'hydrated' && t.islandAtTap !== 'answering');

/** Whether every counted try of the row answered within the goal. */
export const withinGoal = (measure: FirstTapMeasure) => {
  const tries = counted(measure);
  return tries.length > 0 && tries.every((t) => t.response !== undefined && t.response <= FIRST_TAP_GOAL_MS);
};

/** The table of docs/performance.md: per widget, acknowledgement and response, median and worst. */
export function firstTapTable(rows: readonly FirstTapMeasure[]): string[] {
  const header = ['page', 'widget', 'first tap', 'island at tap', 'tap at median ms', 'ack median ms', 'ack worst ms', 'response median ms', 'response worst ms', 'round trips', 'within 1 s'];
  const ms = (values: Array<number | undefined>, pick: (v: number[]) => number) =>
    values.some((v) => v === undefined) ? 'none' : values.length === 0 ? '-' : String(pick(values as number[]));
  const cells = rows.map((row) => {
    const tries = counted(row);
    const unchanged = tries.some((t) => !t.changed) ? ' (hydrated; no change)' : '';
    return [
      row.path,
      row.what,
      row.action,
      [...new Set(row.tries.map((t) => t.islandAtTap))].join('/'),
      ms(tries.map((t) => t.tapAt), median),
      ms(tries.map((t) => t.ack), median),
      ms(tries.map((t) => t.ack), worst),
      ms(tries.map((t) => t.response), median),
      ms(tries.map((t) => t.response), worst) + unchanged,
      tries.length > 0 ? String(median(tries.map((t) => t.roundTrips))) : '-',
      withinGoal(row) ? 'within 1 s' : 'over 1 s',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)));
  const numeric = (i: number) => i >= 4 && i <= 9;
  const line = (row: string[]) => `| ${row.map((c, i) => (numeric(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => `${'-'.repeat(w + 1)}${numeric(i) ? ':' : '-'}`).join('|')}|`, ...cells.map(line)];
}

/** What the median try of a row fetched after the tap, for stderr: where the round trips went. */
export function describeFetches(row: FirstTapMeasure): string {
  const tries = counted(row);
  const byResponse = [...tries].sort((a, b) => (a.response ?? Infinity) - (b.response ?? Infinity));
  const middle = byResponse[Math.floor(byResponse.length / 2)];
  if (!middle) return '';
  const lines = middle.scripts.map((s) => `    +${s.start} -> +${s.end} ms ${s.url}`);
  return `  ${row.path} ${row.what}: hydrated +${middle.hydrated ?? '-'} ms, answered +${middle.response ?? '-'} ms, ${middle.roundTrips} round trips of scripts\n${lines.join('\n')}`;
}

