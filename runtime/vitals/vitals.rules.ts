/**
 * Field data (issue 35, goal 6): the rules the page's reporter and the server share. A visit reports
 * at most one value per Core Web Vital with the selector of the element (LCP, CLS) or interaction
 * target (INP) it is about; the server re-checks every field here (design.md invariant 6) and keeps
 * only a count per histogram bucket per day, page, metric and device class.
 */
export const METRICS = ['lcp', 'inp', 'cls'] as const;
export type Metric = (typeof METRICS)[number];

/** Device classes: the page's device flags (runtime/device.ts); nothing finer is ever sent. */
export const DEVICES = ['mobile', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** Where the beacon goes (same origin: the CSP's connect-src 'self' covers it). */
export const VITALS_PATH = '/vitals';

/** Decision: one visit in ten reports by default (VITE_VITALS_SAMPLE_RATE, percent, at build). */
export const DEFAULT_SAMPLE_PERCENT = 10;

/** A selector is cut to this many characters by the page; the server refuses longer ones. */
export const MAX_TARGET_LENGTH = 100;
/** A page path longer than this is refused. */
export const MAX_PATH_LENGTH = 200;
/** The largest beacon body the server reads (a real one is about 250 bytes). */
export const MAX_BODY_BYTES = 1024;

/**
 * Histogram bucket upper edges per metric (ms for LCP and INP, unitless for CLS). The "good" and
 * "poor" thresholds of Core Web Vitals (LCP 2.5 s / 4 s, INP 200 / 500 ms, CLS 0.1 / 0.25) are
 * edges, so a 75th percentile is never on the wrong side of one. A value above the last edge
 * counts in one more bucket (the overflow), shown as "> last edge".
 */
export const BUCKET_EDGES: Readonly<Record<Metric, readonly number[]>> = {
  lcp: [200, 400, 600, 800, 1000, 1200, 1500, 1800, 2000, 2200, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000, 30_000, 60_000],
  inp: [16, 24, 32, 40, 50, 60, 70, 80, 90, 100, 125, 150, 175, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 5000, 10_000],
  cls: [0.001, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
};

/** The largest value accepted per metric: anything above is not a page visit's measurement. */
export const MAX_VALUE: Readonly<Record<Metric, number>> = { lcp: 600_000, inp: 60_000, cls: 100 };

/** The bucket a value counts in: the first edge at or above it, or the overflow bucket. */
export function bucketOf(metric: Metric, value: number): number {
  const edges = BUCKET_EDGES[metric];
  const index = edges.findIndex((edge) => value <= edge);
  return index === -1 ? edges.length : index;
}

/** The bucket's upper edge; Infinity for the overflow bucket. */
export function bucketEdge(metric: Metric, bucket: number): number {
  return BUCKET_EDGES[metric][bucket] ?? Infinity;
}

/**
 * The q-quantile of a histogram (bucket -> visits) as the upper edge of the bucket holding it: the
 * real value is at most this. Undefined when there are no visits.
 */
export function quantileEdge(metric: Metric, counts: ReadonlyMap<number, number>, q = 0.75): number | undefined {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return undefined;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank) return bucketEdge(metric, bucket);
  }
  return Infinity;
}

/** A selector as the page builds it: tag names, #id, .class, > and :nth-child(n); nothing else. */
const TARGET = /^[a-zA-Z0-9 #.>_:()-]+$/;
/** A path of the site: no query, no fragment, no dot segments. */
const PATH = /^\/[a-zA-Z0-9_~%!$&'()*+,;=:@/.-]*$/;

export interface VitalsVisit {
  page: string;
  device: Device;
  values: Partial<Record<Metric, { value: number; target: string }>>;
}

export type VitalsParse = { ok: true; visit: VitalsVisit } | { ok: false; error: string };

/** The beacon's fields: page, device, and per metric `<metric>` (the value) and `<metric>_target`. */
export const FIELDS: readonly string[] = ['page', 'device', 'lcp', 'lcp_target', 'inp', 'inp_target', 'cls', 'cls_target'];

/**
 * Checks a beacon's url-encoded fields. Every problem is refused with a sentence naming it:
 * an unknown or repeated field, a path that is no site path, a device class that is not one of
 * DEVICES, a value that is not a finite number in its range, a selector with other characters.
 */
export function parseVitals(fields: unknown): VitalsParse {
  if (typeof fields !== 'object' || fields === null) return { ok: false, error: 'The report is empty: send page, device and at least one of lcp, inp, cls.' };
  const entries = Object.entries(fields as Record<string, unknown>);
  const unknown = entries.map(([name]) => name).filter((name) => !FIELDS.includes(name));
  if (unknown.length > 0) return { ok: false, error: `Unknown field(s) ${unknown.slice(0, 5).map((name) => `'${name.slice(0, 40)}'`).join(', ')}: a report has only ${FIELDS.join(', ')}.` };
  const text: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string') return { ok: false, error: `The field '${name}' is sent more than once or is not text.` };
    text[name] = value;
  }
  const page = text.page ?? '';
  if (!isSitePath(page)) {
    return { ok: false, error: `'page' must be a path of this site such as /news/ (at most ${MAX_PATH_LENGTH} characters), got '${page.slice(0, 80)}'.` };
  }
  const device = text.device ?? '';
  if (!(DEVICES as readonly string[]).includes(device)) return { ok: false, error: `'device' must be one of ${DEVICES.join(', ')}, got '${device.slice(0, 40)}'.` };
  const values: VitalsVisit['values'] = {};
  for (const metric of METRICS) {
    const raw = text[metric];
    const target = text[`${metric}_target`] ?? '';
    if (raw === undefined) {
      if (text[`${metric}_target`] !== undefined) return { ok: false, error: `'${metric}_target' is sent without '${metric}'.` };
      continue;
    }
    const value = raw.trim() === '' ? NaN : Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > MAX_VALUE[metric]) {
      return { ok: false, error: `'${metric}' must be a number from 0 to ${MAX_VALUE[metric]}, got '${raw.slice(0, 40)}'.` };
    }
    if (target.length > MAX_TARGET_LENGTH || (target !== '' && !TARGET.test(target))) {
      return { ok: false, error: `'${metric}_target' must be a CSS selector of at most ${MAX_TARGET_LENGTH} characters (letters, digits, # . > _ : ( ) -).` };
    }
    values[metric] = { value, target };
  }
  if (Object.keys(values).length === 0) return { ok: false, error: 'The report has no value: send at least one of lcp, inp, cls.' };
  return { ok: true, visit: { page: normalisePage(page), device: device as Device, values } };
}

/** A path of this site as a page sends it: at most MAX_PATH_LENGTH characters, no `..`, no `//` (issue 51 shares it). */
export function isSitePath(page: string): boolean {
  return page.length > 0 && page.length <= MAX_PATH_LENGTH && PATH.test(page) && !page.includes('//') && !page.split('/').some((segment) => segment === '..' || segment === '.');
}

/** '/news/index.html' and '/news/' are the same page. */
export function normalisePage(path: string): string {
  return path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
}

/** A sample rate given in percent ('10', '2.5', '0') as a fraction 0-1; undefined when not one. */
function percentFraction(percent: string | undefined): number | undefined {
  const value = Number(percent);
  return percent?.trim() && Number.isFinite(value) && value >= 0 && value <= 100 ? value / 100 : undefined;
}

/** The page's sample: the build's rate, or the default for anything else (the build has warned: samplePercentProblem). */
export function sampleFraction(percent: string | undefined): number {
  return percentFraction(percent) ?? DEFAULT_SAMPLE_PERCENT / 100;
}

/**
 * The build's one warning for a rate it does not understand (tooling/build/vite.client.config.ts);
 * checked there, not in every visitor's browser, so the page does not carry the sentence.
 */
export function samplePercentProblem(percent: string | undefined): string | undefined {
  if (!percent?.trim() || percentFraction(percent) !== undefined) return undefined;
  return `[sitecharts] VITE_VITALS_SAMPLE_RATE='${percent.slice(0, 40)}' is not a percentage from 0 to 100; using ${DEFAULT_SAMPLE_PERCENT}.`;
}
