import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import {
  DEFAULT_LOG_LEVEL, FLUSH_INTERVAL_MS, SOON_FLUSH_MS, URGENT_LEVELS, cleanPayload, isAtLevel, isEmpty, isMetricType, loggerUrl, toMetric,
  type Delivery, type LogEvent, type LogLevel, type LoggerPayload, type Metric, type MetricInput, type Payload,
} from './sdk-logger.rules';

/**
 * §4, §7, §9 the payment SDK logger. Events, tracking and metrics are buffered; the buffer is sent
 * every 60 s (`ticking`), about 50 ms after a warn or error (`soon`), and at once on pagehide,
 * unload and beforeunload or when asked. Each send is a `deliver` child whose failures are
 * swallowed; nothing is sent from file: pages.
 */
export interface SdkLoggerInput {
  /** The provider's origin, or the full logger address. */
  url: string;
  /** The clock's now, for the events' timestamps. */
  now: () => number;
  level?: LogLevel;
  enableSendBeacon?: boolean;
  /** Custom headers; when any is set, no beacon is used. */
  headers?: Record<string, string>;
  disableSetCookie?: boolean;
  /** The page's protocol, e.g. 'https:'; 'file:' sends nothing. */
  pageProtocol: string;
  meta?: Payload;
}

export interface SdkLoggerContext {
  url: string;
  now: () => number;
  level: LogLevel;
  enableSendBeacon: boolean;
  headers: Record<string, string>;
  isFilePage: boolean;
  buffer: LoggerPayload;
  /** How many flushes handed a payload to `deliver`. */
  deliveries: number;
  /** How many deliveries failed (§8: swallowed, only counted). */
  failures: number;
}

export type SdkLoggerEvent =
  | { type: 'log.event'; level: LogLevel; event: string; payload?: Payload }
  | { type: 'log.track'; payload: Payload }
  | { type: 'log.metric'; metric: MetricInput }
  | { type: 'log.meta'; meta: Payload }
  | { type: 'log.flush' }
  | { type: 'flush.soon' }
  | { type: 'page.hide'; reason: 'pagehide' | 'unload' | 'beforeunload' };

/** Nothing is sent from file: pages, and an empty buffer sends nothing. */
const canSend = (context: SdkLoggerContext): boolean => !context.isFilePage && !isEmpty(context.buffer);

const emptyBuffer = (meta: Payload = {}): LoggerPayload => ({ events: [], meta, tracking: [], metrics: [] });

export const sdkLoggerMachine = setup({
  types: {} as { context: SdkLoggerContext; input: SdkLoggerInput; events: SdkLoggerEvent },
  delays: {
    flushInterval: FLUSH_INTERVAL_MS,
    soonFlushDelay: SOON_FLUSH_MS,
  },
  guards: {
    isUrgent: ({ event }) => event.type === 'log.event' && URGENT_LEVELS.includes(event.level),
    isValidMetric: ({ event }) => event.type === 'log.metric' && isMetricType(event.metric.metricType) && Boolean(event.metric.metricEventName),
  },
  actors: {
    /** Sends one payload; the runtime provides the beacon-or-request delivery. */
    deliver: fromPromise<unknown, Delivery>(async () => undefined),
  },
  actions: {
    bufferEvent: assign(({ context, event }) => {
      if (event.type !== 'log.event') return {};
      const entry: LogEvent = { level: event.level, event: event.event, payload: cleanPayload(event.payload, context.now()) };
      return { buffer: { ...context.buffer, events: [...context.buffer.events, entry] } };
    }),
    bufferTracking: assign(({ context, event }) => {
      if (event.type !== 'log.track') return {};
      return { buffer: { ...context.buffer, tracking: [...context.buffer.tracking, cleanPayload(event.payload)] } };
    }),
    bufferMetric: assign(({ context, event }) => {
      if (event.type !== 'log.metric') return {};
      const metric: Metric = toMetric(event.metric);
      return { buffer: { ...context.buffer, metrics: [...context.buffer.metrics, metric] } };
    }),
    mergeMeta: assign(({ context, event }) => {
      if (event.type !== 'log.meta') return {};
      return { buffer: { ...context.buffer, meta: { ...context.buffer.meta, ...cleanPayload(event.meta) } } };
    }),
    /** Prints the event (the runtime provides a console printer; events below the level are not printed). */
    print: () => undefined,
    printAtLogLevel: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'log.event' && isAtLevel(event.level, context.level)) enqueue('print');
    }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    requestSoonFlush: raise({ type: 'flush.soon' }),
    flush: enqueueActions(({ context, enqueue }) => {
      if (!canSend(context)) return;
      enqueue.spawnChild('deliver', {
        id: `delivery-${context.deliveries + 1}`,
        input: {
          url: context.url,
          payload: context.buffer,
          headers: context.headers,
          useBeacon: context.enableSendBeacon && Object.keys(context.headers).length === 0,
        },
      });
      enqueue.assign({ buffer: emptyBuffer(context.buffer.meta), deliveries: context.deliveries + 1 });
    }),
  },
}).createMachine({
  id: 'sdkLogger',
  context: ({ input }) => ({
    url: loggerUrl(input.url, input.disableSetCookie ?? false),
    now: input.now,
    level: input.level ?? DEFAULT_LOG_LEVEL,
    enableSendBeacon: input.enableSendBeacon ?? false,
    headers: input.headers ?? {},
    isFilePage: input.pageProtocol === 'file:',
    buffer: emptyBuffer(cleanPayload(input.meta)),
    deliveries: 0,
    failures: 0,
  }),
  type: 'parallel',
  on: {
    'log.event': [
      { guard: 'isUrgent', actions: ['bufferEvent', 'printAtLogLevel', 'requestSoonFlush'] },
      { actions: ['bufferEvent', 'printAtLogLevel'] },
    ],
    'log.track': { actions: 'bufferTracking' },
    'log.metric': { guard: 'isValidMetric', actions: 'bufferMetric' },
    'log.meta': { actions: 'mergeMeta' },
    'log.flush': { actions: 'flush' },
    'page.hide': { actions: 'flush' },
    // §8: logger failures are swallowed; handling the child's error keeps the logger running.
    'xstate.error.actor.*': { actions: 'countFailure' },
  },
  states: {
    interval: {
      initial: 'ticking',
      states: {
        ticking: { after: { flushInterval: { target: 'ticking', reenter: true, actions: 'flush' } } },
      },
    },
    soon: {
      initial: 'idle',
      states: {
        idle: { on: { 'flush.soon': 'scheduled' } },
        scheduled: { after: { soonFlushDelay: { target: 'idle', actions: 'flush' } } },
      },
    },
  },
});
