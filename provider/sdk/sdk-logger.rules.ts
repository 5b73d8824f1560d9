/**
 * The payment SDK logger's pure rules: levels, the payload, the address and the delivery choice.
 * The machine (sdk-logger.machine.ts) decides when; these decide what.
 */

/** §9: the buffer is flushed every 60,000 ms. */
export const FLUSH_INTERVAL_MS = 60_000;
/** Reference notes: warn and error events flush about 50 ms later. */
export const SOON_FLUSH_MS = 50;
/** §9: levels, most verbose first; default warn. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';
/** §4, §9: error or warn events flush. */
export const URGENT_LEVELS: readonly LogLevel[] = ['warn', 'error'];
/** §7: the logger's path on the provider's domain. */
export const LOGGER_PATH = '/xoplatform/logger/api/logger';
/** §9: the metrics namespace; a metric's own namespace goes under it (pp.sdks.ppcp.<own>), as the provider's logger does. */
export const METRIC_NAMESPACE = 'pp.sdks.ppcp';
/** §9: SDK major version 5 on web. */
export const SDK_MAJOR_VERSION = 5;
/** The dimensions every metric of the web SDK carries (the provider's web metric dimensions). */
export const WEB_METRIC_DIMENSIONS = { sdk_platform: 'web', major_version: String(SDK_MAJOR_VERSION) } as const;
/** §3: metric types. */
export const METRIC_TYPES = ['counter', 'gauge', 'histogram'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

export type Payload = Record<string, unknown>;

export interface LogEvent {
  level: LogLevel;
  event: string;
  payload: Payload;
}

export interface Metric {
  metricNamespace: string;
  metricEventName: string;
  metricValue: number;
  metricType: MetricType;
  dimensions: Record<string, string | number | boolean>;
}

export type MetricInput = Omit<Metric, 'metricNamespace' | 'dimensions' | 'metricValue'> &
  Partial<Pick<Metric, 'metricNamespace' | 'dimensions' | 'metricValue'>>;

/** §3: what one flush sends. */
export interface LoggerPayload {
  events: LogEvent[];
  meta: Payload;
  tracking: Payload[];
  metrics: Metric[];
}

/** True when `level` is at or above `threshold` (debug < info < warn < error). */
export function isAtLevel(level: LogLevel, threshold: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}

/**
 * Reference notes: falsy payload values are dropped and a timestamp added. The timestamp is the
 * clock's milliseconds as a string, as the provider's logger sends it (krakenjs/beaver-logger
 * src/logger.ts, `log`, which sends its clock's time in milliseconds as text).
 */
export function cleanPayload(payload: Payload | undefined, timestamp?: number): Payload {
  const result: Payload = {};
  for (const [key, value] of Object.entries(payload ?? {})) if (value) result[key] = value;
  if (timestamp !== undefined) result.timestamp = String(timestamp);
  return result;
}

export function isMetricType(value: unknown): value is MetricType {
  return typeof value === 'string' && (METRIC_TYPES as readonly string[]).includes(value);
}

/**
 * §3, §9: a metric under the pp.sdks.ppcp namespace (its own namespace, if given, goes under it), a
 * value of 1 unless given, and its dimensions plus the web dimensions (which win, as the provider's
 * dimension builder overwrites).
 */
export function toMetric(input: MetricInput): Metric {
  return {
    metricNamespace: input.metricNamespace ? `${METRIC_NAMESPACE}.${input.metricNamespace}` : METRIC_NAMESPACE,
    metricEventName: input.metricEventName,
    metricValue: input.metricValue ?? 1,
    metricType: input.metricType,
    dimensions: { ...input.dimensions, ...WEB_METRIC_DIMENSIONS },
  };
}

/** §7: {provider}/xoplatform/logger/api/logger, with disableSetCookie=true when asked. */
export function loggerUrl(base: string, disableSetCookie: boolean): string {
  const url = base.endsWith(LOGGER_PATH) ? base : `${base.replace(/\/$/, '')}${LOGGER_PATH}`;
  return disableSetCookie ? `${url}?disableSetCookie=true` : url;
}

export function isEmpty(payload: LoggerPayload): boolean {
  return payload.events.length === 0 && payload.tracking.length === 0 && payload.metrics.length === 0;
}

/** What a flush hands to the delivery actor. */
export interface Delivery {
  url: string;
  payload: LoggerPayload;
  headers: Record<string, string>;
  /** §7: a beacon when enabled and no custom headers are set. */
  useBeacon: boolean;
}

export interface DeliveryAdapters {
  /** navigator.sendBeacon; returns false when the browser refuses the data. */
  sendBeacon?: ((url: string, data: Blob) => boolean) | undefined;
  /** A POST of the JSON payload. */
  post(url: string, body: string, headers: Record<string, string>): Promise<unknown>;
}

/** A beacon send; false when the browser refuses the data or the call throws (the provider's logger does the same). */
function tryBeacon(sendBeacon: NonNullable<DeliveryAdapters['sendBeacon']>, url: string, body: string): boolean {
  try {
    return sendBeacon(url, new Blob([body], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/**
 * Sends one flush: a JSON blob by beacon when the delivery allows it, falling back to a normal
 * request when the beacon returns false or throws. Every failure is swallowed (§8: logger failures).
 * Resolves with how it was sent.
 */
export async function deliver(delivery: Delivery, adapters: DeliveryAdapters): Promise<'beacon' | 'request' | 'failed'> {
  const body = JSON.stringify(delivery.payload);
  if (delivery.useBeacon && adapters.sendBeacon && tryBeacon(adapters.sendBeacon, delivery.url, body)) return 'beacon';
  try {
    await adapters.post(delivery.url, body, { 'content-type': 'application/json', ...delivery.headers });
    return 'request';
  } catch {
    return 'failed';
  }
}
