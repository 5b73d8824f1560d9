import { describe, expect, it } from 'vitest';
import { WEB_METRIC_DIMENSIONS, cleanPayload, deliver, isAtLevel, loggerUrl, toMetric, type Delivery } from './sdk-logger.rules';

const delivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  url: 'https://x/xoplatform/logger/api/logger',
  payload: { events: [{ level: 'info', event: 'e', payload: {} }], meta: {}, tracking: [], metrics: [] },
  headers: {},
  useBeacon: true,
  ...overrides,
});

describe('logger delivery (§7, §8)', () => {
  it('uses the beacon with a JSON blob when allowed', async () => {
    const beacons: Array<{ url: string; data: Blob }> = [];
    let posts = 0;
    const how = await deliver(delivery(), {
      sendBeacon: (url, data) => (beacons.push({ url, data }), true),
      post: async () => void posts++,
    });
    expect(how).toBe('beacon');
    expect(posts).toBe(0);
    expect(beacons[0]?.url).toBe('https://x/xoplatform/logger/api/logger');
    expect(beacons[0]?.data.type).toBe('application/json');
    expect(JSON.parse((await beacons[0]?.data.text()) ?? '{}').events[0].event).toBe('e');
  });

  it('falls back to a request when the beacon returns false', async () => {
    const posted: Array<Record<string, string>> = [];
    const how = await deliver(delivery(), { sendBeacon: () => false, post: async (_u, _b, headers) => void posted.push(headers) });
    expect(how).toBe('request');
    expect(posted[0]).toEqual({ 'content-type': 'application/json' });
  });

  it('posts with the custom headers when no beacon is allowed', async () => {
    let beacons = 0;
    const posted: Array<Record<string, string>> = [];
    await deliver(delivery({ useBeacon: false, headers: { 'x-csrf': 't' } }), {
      sendBeacon: () => (beacons++, true),
      post: async (_u, _b, headers) => void posted.push(headers),
    });
    expect(beacons).toBe(0);
    expect(posted[0]).toEqual({ 'content-type': 'application/json', 'x-csrf': 't' });
  });

  it('a beacon that throws falls back to a request, so the batch is not lost (as the provider’s logger)', async () => {
    const posted: string[] = [];
    const how = await deliver(delivery(), { sendBeacon: () => { throw new TypeError('Illegal invocation'); }, post: async (_u, body) => void posted.push(body) });
    expect(how).toBe('request');
    expect(JSON.parse(posted[0] ?? '{}').events[0].event).toBe('e');
  });

  it('swallows failures of the request, after the beacon or without one', async () => {
    expect(await deliver(delivery(), { sendBeacon: () => { throw new Error('bad'); }, post: () => Promise.reject(new Error('offline')) })).toBe('failed');
    expect(await deliver(delivery({ useBeacon: false }), { post: () => Promise.reject(new Error('offline')) })).toBe('failed');
  });
});

describe('logger rules', () => {
  it.each([
    ['debug', 'warn', false],
    ['info', 'warn', false],
    ['warn', 'warn', true],
    ['error', 'warn', true],
    ['debug', 'debug', true],
    ['warn', 'error', false],
  ] as const)('%s at threshold %s -> %s', (level, threshold, expected) => {
    expect(isAtLevel(level, threshold)).toBe(expected);
  });

  it('cleans payloads and adds the timestamp', () => {
    expect(cleanPayload({ a: 1, b: 0, c: '', d: 'x', e: undefined }, 5)).toEqual({ a: 1, d: 'x', timestamp: '5' });
    expect(cleanPayload(undefined)).toEqual({});
  });

  // The original: krakenjs/beaver-logger src/logger.ts, Logger -> log (`timestamp: Date.now().toString()`).
  it('beaver-logger logger.ts log: the timestamp is sent as a string of milliseconds (issue 34)', () => {
    const payload = cleanPayload({ reason: 'blocked' }, 1_764_000_000_123);
    expect(payload.timestamp).toBe('1764000000123');
    expect(typeof payload.timestamp).toBe('string');
  });

  it('builds the logger address once', () => {
    expect(loggerUrl('https://www.paypal.com/', false)).toBe('https://www.paypal.com/xoplatform/logger/api/logger');
    expect(loggerUrl('http://127.0.0.1:1/xoplatform/logger/api/logger', true)).toBe('http://127.0.0.1:1/xoplatform/logger/api/logger?disableSetCookie=true');
  });

  it('§9: a metric’s own namespace is put under the SDK namespace; without one it is the SDK namespace', () => {
    expect(toMetric({ metricEventName: 'render', metricType: 'counter', metricNamespace: 'buttons' }).metricNamespace).toBe('pp.sdks.ppcp.buttons');
    expect(toMetric({ metricEventName: 'render', metricType: 'counter' }).metricNamespace).toBe('pp.sdks.ppcp');
  });

  it('§9: every metric carries the web dimensions (sdk platform web, major version 5) beside its own', () => {
    expect(WEB_METRIC_DIMENSIONS).toEqual({ sdk_platform: 'web', major_version: '5' });
    expect(toMetric({ metricEventName: 'render', metricType: 'counter', dimensions: { fundingSource: 'paypal' } }).dimensions).toEqual({
      fundingSource: 'paypal',
      sdk_platform: 'web',
      major_version: '5',
    });
    expect(toMetric({ metricEventName: 'render', metricType: 'counter' }).dimensions).toEqual({ sdk_platform: 'web', major_version: '5' });
  });
});
