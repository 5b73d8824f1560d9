import { fromPromise } from 'xstate';
import { sdkLoggerMachine } from '../../../machines/sdk-logger/sdk-logger.machine';
import type { Delivery } from '../../../machines/sdk-logger/sdk-logger.rules';
import type { CatalogEntry } from './types';

/** The provider sandbox's machines (provider/), keyed by machine folder. */
export const providerMachines: Record<string, CatalogEntry> = {
  'sdk-logger': {
    machine: sdkLoggerMachine,
    // provider/sdk/logger.ts: the real delivery sends a beacon or a POST; the fake delivers nowhere.
    // Printing goes to the page's console, here to nothing.
    provide: { actors: { deliver: fromPromise<unknown, Delivery>(async () => undefined) }, actions: { print: () => {} } },
    // An https page logging to the provider's origin. `now` stamps the events (a frozen 0 here, like
    // the countdown's: an input's `now` replaces the replay clock's).
    input: { url: 'https://www.paypal.com', now: () => 0, pageProtocol: 'https:' },
    // The SDK's logger calls (info, error, track, metric, addMeta, flush) and the page's pagehide.
    events: [
      { type: 'log.event', level: 'info', event: 'checkout_open' },
      { type: 'log.event', level: 'error', event: 'checkout_fail' },
      { type: 'log.track', payload: { step: 'approve' } },
      { type: 'log.metric', metric: { metricEventName: 'render_ms', metricType: 'gauge' } },
      { type: 'log.meta', meta: { page: 'donate' } },
      { type: 'log.flush' },
      { type: 'page.hide', reason: 'pagehide' },
    ],
  },
};
