import { BUCKET_EDGES, METRICS, quantileEdge, type Metric } from '../../runtime/vitals/vitals.rules';
import type { VitalsBucketRow, VitalsTargetRow } from '../store/site-store';

/**
 * Issue 35: what `npm run vitals` shows. Per page and metric over a period: the 75th percentile (the
 * upper edge of the histogram bucket holding it: the real value is at most this), its Core Web
 * Vitals rating, the visits counted and the element or interaction target reported most often.
 */

/** Core Web Vitals thresholds: good at or below the first, poor above the second. */
export const THRESHOLDS: Readonly<Record<Metric, readonly [number, number]>> = { lcp: [2500, 4000], inp: [200, 500], cls: [0.1, 0.25] };

export type Rating = 'good' | 'needs improvement' | 'poor';

export interface VitalsSummaryRow {
  page: string;
  metric: Metric;
  visits: number;
  /** The 75th percentile's bucket edge; Infinity when it is in the overflow bucket. */
  p75: number;
  rating: Rating;
  /** The target reported most often, with how many visits named it and their mean value. */
  top?: { target: string; visits: number; mean: number };
}

export function rate(metric: Metric, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs improvement' : 'poor';
}

/** The period to show: `--from`/`--to` (YYYY-MM-DD), or `--days N` ending today (UTC), 28 days by default. */
export function periodFrom(args: readonly string[], now: number): { from: string; to: string } {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args[at + 1];
  };
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const daysText = value('--days') ?? '28';
  if (!/^\d+$/.test(daysText) || Number(daysText) < 1) throw new Error(`--days must be a whole number of days (1 or more), got '${daysText}'`);
  const to = value('--to') ?? new Date(now).toISOString().slice(0, 10);
  const from = value('--from') ?? new Date(Date.parse(`${to}T00:00:00Z`) - (Number(daysText) - 1) * 86_400_000).toISOString().slice(0, 10);
  for (const [flag, text] of [['--from', from], ['--to', to]] as const) {
    if (!day.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) throw new Error(`${flag} must be a day such as 2026-11-26, got '${text}'`);
  }
  if (from > to) throw new Error(`--from (${from}) is after --to (${to})`);
  return { from, to };
}

export function summarise(buckets: readonly VitalsBucketRow[], targets: readonly VitalsTargetRow[], device?: string): VitalsSummaryRow[] {
  const histograms = new Map<string, Map<number, number>>();
  for (const row of buckets) {
    if (device !== undefined && row.device !== device) continue;
    const key = `${row.page}\n${row.metric}`;
    const counts = histograms.get(key) ?? new Map<number, number>();
    counts.set(Number(row.bucket), (counts.get(Number(row.bucket)) ?? 0) + Number(row.visits));
    histograms.set(key, counts);
  }
  const rows: VitalsSummaryRow[] = [];
  for (const [key, counts] of histograms) {
    const [page = '', metricName = ''] = key.split('\n');
    const metric = METRICS.find((name) => name === metricName);
    const p75 = metric ? quantileEdge(metric, counts, 0.75) : undefined;
    if (!metric || p75 === undefined) continue;
    const best = targets.filter((row) => row.page === page && row.metric === metric).sort((a, b) => Number(b.visits) - Number(a.visits))[0];
    rows.push({
      page,
      metric,
      visits: [...counts.values()].reduce((sum, n) => sum + n, 0),
      p75,
      rating: rate(metric, p75),
      ...(best ? { top: { target: best.target, visits: Number(best.visits), mean: Number(best.total) / Number(best.visits) } } : {}),
    });
  }
  const order = (metric: Metric) => METRICS.indexOf(metric);
  return rows.sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : order(a.metric) - order(b.metric)));
}

/** A value as the metric counts it: milliseconds for LCP and INP, a score for CLS. */
export function formatValue(metric: Metric, value: number): string {
  if (value === Infinity) return `> ${formatValue(metric, lastEdge(metric))}`;
  return metric === 'cls' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

const lastEdge = (metric: Metric) => BUCKET_EDGES[metric][BUCKET_EDGES[metric].length - 1] ?? 0;

export function formatSummary(rows: readonly VitalsSummaryRow[], period: { from: string; to: string }, device?: string): string {
  const heading = `Field data ${period.from} to ${period.to}${device ? ` (${device} only)` : ''}: 75th percentile per page and metric (at most the value shown)`;
  if (rows.length === 0) return `${heading}\nNo visits reported in this period.\n`;
  const table = [
    ['page', 'metric', 'p75', 'rating', 'visits', 'most reported target (visits, mean)'],
    ...rows.map((row) => [
      row.page,
      row.metric.toUpperCase(),
      row.p75 === Infinity ? formatValue(row.metric, row.p75) : `<= ${formatValue(row.metric, row.p75)}`,
      row.rating,
      String(row.visits),
      row.top ? `${row.top.target} (${row.top.visits}, ${formatValue(row.metric, row.top.mean)})` : '',
    ]),
  ];
  const widths = table[0]?.map((_, column) => Math.max(...table.map((cells) => (cells[column] ?? '').length))) ?? [];
  const lines = table.map((cells) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ').trimEnd());
  return `${heading}\n${lines.join('\n')}\n`;
}
