import { MAX_TARGET_LENGTH, VITALS_PATH, type Metric } from './vitals.rules';

/**
 * Issue 35: the field-data reporter, a chunk of its own that a sampled visit loads once the page has
 * loaded and the browser is idle (runtime/services/vitals.ts). Its own PerformanceObserver code
 * rather than the web-vitals library (whose attribution build alone is about 5 KB brotli): LCP,
 * INP and CLS as web-vitals computes them, each with the selector of what it is about, sent once
 * with navigator.sendBeacon when the page is hidden or left. The entries' times are the browser's
 * own measurements; nothing here reads a clock.
 */
export type Measured = { value: number; target: string };

/** A short selector: tag, #id or first class, up to four levels, the most specific end kept. */
export function selectorOf(node: Node | null | undefined): string {
  let element: Element | null = node ? (node.nodeType === 1 ? (node as Element) : node.parentElement) : null;
  const parts: string[] = [];
  while (element && element.localName !== 'html' && parts.length < 4) {
    let part = element.localName;
    if (element.id && /^[\w-]+$/.test(element.id)) {
      parts.unshift(`${part}#${element.id}`);
      break;
    }
    const named = [...element.classList].find((name) => /^[\w-]+$/.test(name));
    if (named) part += `.${named}`;
    parts.unshift(part);
    element = element.parentElement;
  }
  return parts.join('>').slice(-MAX_TARGET_LENGTH);
}

/** INP: the longest interaction, skipping one for every 50 (web-vitals' 98th percentile). */
export function interactionToNextPaint(longest: readonly Measured[], interactions: number): Measured | undefined {
  const sorted = [...longest].sort((a, b) => b.value - a.value);
  return sorted[Math.min(sorted.length - 1, Math.floor(interactions / 50))];
}

interface Shift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  target: string;
}

/** CLS: the largest session of shifts (gaps under 1 s, at most 5 s long), with its largest shift's element. */
export function createLayoutShiftScore() {
  let session = 0;
  let first = 0;
  let last = 0;
  let largest: Shift | undefined;
  let worst: Measured = { value: 0, target: '' };
  return {
    add(shift: Shift) {
      if (shift.hadRecentInput) return;
      if (session > 0 && shift.startTime - last < 1000 && shift.startTime - first < 5000) session += shift.value;
      else {
        session = shift.value;
        first = shift.startTime;
        largest = undefined;
      }
      last = shift.startTime;
      if (!largest || shift.value > largest.value) largest = shift;
      if (session > worst.value) worst = { value: session, target: largest.target };
    },
    get score(): Measured {
      return worst;
    },
  };
}

type EventTimingEntry = PerformanceEntry & { interactionId?: number; target?: Node | null };
type ShiftEntry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
type PaintEntry = PerformanceEntry & { element?: Element | null };

export function startVitalsReport(window: Window & typeof globalThis, document: Document): () => void {
  const observers: Array<[PerformanceObserver, (entries: PerformanceEntryList) => void]> = [];
  const observe = (type: string, take: (entries: PerformanceEntryList) => void, options: Record<string, unknown> = {}) => {
    try {
      const observer = new window.PerformanceObserver((list) => take(list.getEntries()));
      observer.observe({ type, buffered: true, ...options });
      observers.push([observer, take]);
    } catch {
      // This browser does not know the entry type: that metric is not reported.
    }
  };
  const values: Partial<Record<Metric, Measured>> = {};
  observe('largest-contentful-paint', (entries) => {
    const entry = entries[entries.length - 1] as PaintEntry | undefined;
    if (entry) values.lcp = { value: entry.startTime, target: selectorOf(entry.element) };
  });
  const cls = createLayoutShiftScore();
  values.cls = cls.score;
  observe('layout-shift', (entries) => {
    for (const entry of entries as ShiftEntry[]) {
      const source = entry.sources?.reduce<{ node?: Node | null } | undefined>((best, next) => best ?? (next.node ? next : undefined), undefined);
      cls.add({ value: entry.value, startTime: entry.startTime, hadRecentInput: entry.hadRecentInput, target: selectorOf(source?.node) });
    }
    values.cls = cls.score;
  });
  // The ten longest interactions are enough for INP up to 500 interactions (one skipped per 50).
  const longest: Array<Measured & { id: number }> = [];
  const ids = new Set<number>();
  const takeEvents = (entries: PerformanceEntryList) => {
    for (const entry of entries as EventTimingEntry[]) {
      const id = entry.interactionId;
      if (!id) continue;
      ids.add(id);
      const known = longest.find((item) => item.id === id);
      if (known) {
        if (entry.duration > known.value) Object.assign(known, { value: entry.duration, target: selectorOf(entry.target) });
      } else longest.push({ id, value: entry.duration, target: selectorOf(entry.target) });
      longest.sort((a, b) => b.value - a.value).splice(10);
    }
    const inp = interactionToNextPaint(longest, ids.size);
    if (inp) values.inp = { value: inp.value, target: inp.target };
  };
  observe('event', takeEvents, { durationThreshold: 16 });
  observe('first-input', takeEvents);

  let sent = false;
  let leaving = false;
  const send = () => {
    if (sent) return;
    if (document.visibilityState !== 'hidden' && !leaving) return;
    sent = true;
    for (const [observer, take] of observers) take(observer.takeRecords());
    const body = new URLSearchParams({ page: window.location.pathname, device: document.documentElement.classList.contains('sc-mobile') ? 'mobile' : 'desktop' });
    for (const [metric, measured] of Object.entries(values)) {
      body.set(metric, String(metric === 'cls' ? Math.round(measured.value * 10_000) / 10_000 : Math.round(measured.value)));
      if (measured.target) body.set(`${metric}_target`, measured.target);
    }
    window.navigator.sendBeacon(VITALS_PATH, body);
    stop();
  };
  const onHide = () => send();
  const onLeave = () => {
    leaving = true;
    send();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onLeave);
  const stop = () => {
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onLeave);
    for (const [observer] of observers) observer.disconnect();
  };
  return stop;
}
