import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { sdkLoggerMachine, type SdkLoggerInput } from './sdk-logger.machine';
import { FLUSH_INTERVAL_MS, LOGGER_PATH, SOON_FLUSH_MS, type Delivery } from './sdk-logger.rules';

function start(input: Partial<SdkLoggerInput> = {}, deliverImpl?: (delivery: Delivery) => Promise<unknown>) {
  const clock = createTestClock(1_000);
  const deliveries: Delivery[] = [];
  const printed: string[] = [];
  const machine = sdkLoggerMachine.provide({
    actors: {
      deliver: fromPromise<unknown, Delivery>(async ({ input: delivery }) => {
        deliveries.push(delivery);
        return deliverImpl?.(delivery);
      }),
    },
    actions: {
      print: ({ event }) => {
        if (event.type === 'log.event') printed.push(`${event.level}:${event.event}`);
      },
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { url: 'https://www.paypal.com', now: () => clock.now(), pageProtocol: 'https:', ...input },
  }).start();
  return { actor, clock, deliveries, printed };
}

describe('sdk logger machine (§4, §7, §9)', () => {
  it('buffers info events and flushes them every 60 s', () => {
    const { actor, clock, deliveries } = start();
    actor.send({ type: 'log.event', level: 'info', event: 'button_render', payload: { a: 'x' } });
    clock.advanceBy(FLUSH_INTERVAL_MS - 1);
    expect(deliveries).toHaveLength(0);
    clock.advanceBy(1);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.payload.events).toEqual([{ level: 'info', event: 'button_render', payload: { a: 'x', timestamp: '1000' } }]);
    expect(actor.getSnapshot().context.buffer.events).toEqual([]);
  });

  it('keeps flushing every 60 s, and sends nothing when the buffer is empty', () => {
    const { actor, clock, deliveries } = start();
    clock.advanceBy(FLUSH_INTERVAL_MS);
    expect(deliveries).toHaveLength(0);
    actor.send({ type: 'log.event', level: 'debug', event: 'one' });
    clock.advanceBy(FLUSH_INTERVAL_MS);
    actor.send({ type: 'log.event', level: 'debug', event: 'two' });
    clock.advanceBy(FLUSH_INTERVAL_MS);
    expect(deliveries.map((d) => d.payload.events.map((e) => e.event))).toEqual([['one'], ['two']]);
  });

  it.each(['warn', 'error'] as const)('a %s event flushes about 50 ms later, with what is buffered', (level) => {
    const { actor, clock, deliveries } = start();
    actor.send({ type: 'log.event', level: 'info', event: 'before' });
    actor.send({ type: 'log.event', level, event: 'trouble' });
    clock.advanceBy(SOON_FLUSH_MS - 1);
    expect(deliveries).toHaveLength(0);
    expect(actor.getSnapshot().value).toMatchObject({ soon: 'scheduled' });
    actor.send({ type: 'log.event', level: 'error', event: 'more' });
    clock.advanceBy(1);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.payload.events.map((e) => e.event)).toEqual(['before', 'trouble', 'more']);
    expect(actor.getSnapshot().value).toMatchObject({ soon: 'idle' });
  });

  it.each(['pagehide', 'unload', 'beforeunload'] as const)('%s flushes at once', (reason) => {
    const { actor, deliveries } = start();
    actor.send({ type: 'log.event', level: 'info', event: 'leaving' });
    actor.send({ type: 'page.hide', reason });
    expect(deliveries).toHaveLength(1);
  });

  it('payload: events, meta, tracking and metrics; falsy values dropped, a timestamp added', () => {
    const { actor, deliveries } = start({ meta: { app: 'donate', empty: '' } });
    actor.send({ type: 'log.meta', meta: { locale: 'en_US', gone: 0 } });
    actor.send({ type: 'log.event', level: 'info', event: 'e', payload: { keep: 'yes', none: '', zero: 0, no: false, nil: null } });
    actor.send({ type: 'log.track', payload: { transition_name: 'process_click', blank: '' } });
    actor.send({ type: 'log.metric', metric: { metricEventName: 'render', metricType: 'counter', dimensions: { fundingSource: 'paypal' } } });
    actor.send({ type: 'log.metric', metric: { metricEventName: 'latency', metricType: 'histogram', metricValue: 120, metricNamespace: 'custom.ns' } });
    actor.send({ type: 'log.flush' });
    expect(deliveries[0]?.payload).toEqual({
      events: [{ level: 'info', event: 'e', payload: { keep: 'yes', timestamp: '1000' } }],
      meta: { app: 'donate', locale: 'en_US' },
      tracking: [{ transition_name: 'process_click' }],
      metrics: [
        { metricNamespace: 'pp.sdks.ppcp', metricEventName: 'render', metricValue: 1, metricType: 'counter', dimensions: { fundingSource: 'paypal', sdk_platform: 'web', major_version: '5' } },
        { metricNamespace: 'pp.sdks.ppcp.custom.ns', metricEventName: 'latency', metricValue: 120, metricType: 'histogram', dimensions: { sdk_platform: 'web', major_version: '5' } },
      ],
    });
  });

  it('a metric with a type other than counter, gauge or histogram is dropped', () => {
    const { actor } = start();
    actor.send({ type: 'log.metric', metric: { metricEventName: 'x', metricType: 'average' as 'counter' } });
    expect(actor.getSnapshot().context.buffer.metrics).toEqual([]);
  });

  it('posts to {provider}/xoplatform/logger/api/logger, with disableSetCookie=true when asked', () => {
    const plain = start();
    plain.actor.send({ type: 'log.track', payload: { a: 1 } });
    plain.actor.send({ type: 'log.flush' });
    expect(plain.deliveries[0]?.url).toBe(`https://www.paypal.com${LOGGER_PATH}`);
    const noCookie = start({ disableSetCookie: true });
    noCookie.actor.send({ type: 'log.track', payload: { a: 1 } });
    noCookie.actor.send({ type: 'log.flush' });
    expect(noCookie.deliveries[0]?.url).toBe('https://www.paypal.com/xoplatform/logger/api/logger?disableSetCookie=true');
  });

  it.each([
    [{ enableSendBeacon: true }, true],
    [{ enableSendBeacon: true, headers: { 'x-csrf': 't' } }, false],
    [{ enableSendBeacon: false }, false],
    [{}, false],
  ])('beacon only when enabled and no custom headers: %j -> %s', (input, useBeacon) => {
    const { actor, deliveries } = start(input);
    actor.send({ type: 'log.track', payload: { a: 1 } });
    actor.send({ type: 'log.flush' });
    expect(deliveries[0]?.useBeacon).toBe(useBeacon);
  });

  it('sends nothing from file: pages', () => {
    const { actor, clock, deliveries } = start({ pageProtocol: 'file:' });
    actor.send({ type: 'log.event', level: 'error', event: 'x' });
    clock.advanceBy(FLUSH_INTERVAL_MS);
    actor.send({ type: 'page.hide', reason: 'pagehide' });
    expect(deliveries).toHaveLength(0);
  });

  it('swallows delivery failures and keeps logging', async () => {
    const { actor, clock, deliveries } = start({}, async () => {
      throw new Error('network down');
    });
    actor.send({ type: 'log.event', level: 'error', event: 'first' });
    clock.advanceBy(SOON_FLUSH_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().context.failures).toBe(1));
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'log.event', level: 'error', event: 'second' });
    clock.advanceBy(SOON_FLUSH_MS);
    expect(deliveries.map((d) => d.payload.events[0]?.event)).toEqual(['first', 'second']);
    expect(actor.getSnapshot().context.deliveries).toBe(2);
  });

  it('prints only events at or above the level (default warn)', () => {
    const defaults = start();
    for (const level of ['debug', 'info', 'warn', 'error'] as const) defaults.actor.send({ type: 'log.event', level, event: level });
    expect(defaults.printed).toEqual(['warn:warn', 'error:error']);
    const verbose = start({ level: 'debug' });
    verbose.actor.send({ type: 'log.event', level: 'debug', event: 'd' });
    expect(verbose.printed).toEqual(['debug:d']);
    expect(defaults.actor.getSnapshot().context.buffer.events).toHaveLength(4);
  });

  it('stopping leaves no timers behind', () => {
    const { actor, clock } = start();
    actor.send({ type: 'log.event', level: 'warn', event: 'w' });
    expect(clock.pending()).toBe(2);
    actor.stop();
    expect(clock.pending()).toBe(0);
  });
});
