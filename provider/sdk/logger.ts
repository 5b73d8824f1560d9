import { createActor, fromPromise, type Actor } from 'xstate';
import { sdkLoggerMachine } from './sdk-logger.machine';
import { deliver, type Delivery, type DeliveryAdapters, type LogLevel, type MetricInput, type Payload } from './sdk-logger.rules';
import type { TimeoutClock } from './promise-timeout';
import type { FetchLike } from './request';

/** The page events that flush at once (§4). */
export const FLUSH_ON_PAGE_EVENTS = ['pagehide', 'unload', 'beforeunload'] as const;

/** Timers and the time: a page's one clock (runtime/clock.ts fits), the test clock in tests. */
export interface LoggerClock extends TimeoutClock<unknown> {
  now(): number;
}

export interface SdkLoggerOptions {
  url: string;
  /** The one clock: the real one on a page, the test clock in tests. */
  clock: LoggerClock;
  /** The page's window, for the unload events; omit outside a browser. */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined;
  pageProtocol: string;
  fetch: FetchLike;
  sendBeacon?: DeliveryAdapters['sendBeacon'];
  level?: LogLevel;
  enableSendBeacon?: boolean;
  headers?: Record<string, string>;
  disableSetCookie?: boolean;
  meta?: Payload;
  /** Where events at or above the level are printed (e.g. console). */
  print?: (level: LogLevel, event: string, payload: Payload) => void;
}

export interface SdkLogger {
  debug(event: string, payload?: Payload): void;
  info(event: string, payload?: Payload): void;
  warn(event: string, payload?: Payload): void;
  error(event: string, payload?: Payload): void;
  track(payload: Payload): void;
  metric(metric: MetricInput): void;
  addMeta(meta: Payload): void;
  flush(): void;
  stop(): void;
  actor: Actor<typeof sdkLoggerMachine>;
}

/**
 * The logger machine with the real delivery (beacon or POST through the given fetch) and the
 * page's pagehide, unload and beforeunload bound to an immediate flush.
 */
export function createSdkLogger(options: SdkLoggerOptions): SdkLogger {
  const adapters: DeliveryAdapters = {
    sendBeacon: options.sendBeacon,
    post: (url, body, headers) => options.fetch(url, { method: 'POST', headers, body }),
  };
  const machine = sdkLoggerMachine.provide({
    actors: { deliver: fromPromise<unknown, Delivery>(({ input }) => deliver(input, adapters)) },
    actions: {
      print: ({ event }) => {
        if (event.type === 'log.event') options.print?.(event.level, event.event, event.payload ?? {});
      },
    },
  });
  const actor = createActor(machine, {
    clock: options.clock,
    input: {
      url: options.url,
      now: () => options.clock.now(),
      pageProtocol: options.pageProtocol,
      ...(options.level ? { level: options.level } : {}),
      ...(options.enableSendBeacon !== undefined ? { enableSendBeacon: options.enableSendBeacon } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.disableSetCookie !== undefined ? { disableSetCookie: options.disableSetCookie } : {}),
      ...(options.meta ? { meta: options.meta } : {}),
    },
  }).start();

  const listeners = FLUSH_ON_PAGE_EVENTS.map((reason) => {
    const listener = () => actor.send({ type: 'page.hide', reason });
    options.target?.addEventListener(reason, listener);
    return () => options.target?.removeEventListener(reason, listener);
  });

  const log = (level: LogLevel) => (event: string, payload?: Payload) =>
    actor.send(payload ? { type: 'log.event', level, event, payload } : { type: 'log.event', level, event });

  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    track: (payload) => actor.send({ type: 'log.track', payload }),
    metric: (metric) => actor.send({ type: 'log.metric', metric }),
    addMeta: (meta) => actor.send({ type: 'log.meta', meta }),
    flush: () => actor.send({ type: 'log.flush' }),
    stop: () => {
      listeners.forEach((remove) => remove());
      actor.stop();
    },
    actor,
  };
}
