import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../runtime/test-clock';
import { promiseTimeout } from './promise-timeout';
import { PROMISE_TIMEOUT_MS } from './constants';
import { request, type FetchInit, type FetchLike, type ResponseLike } from './request';

function reply(status: number, text: string, headers: Record<string, string> = {}): ResponseLike {
  return { status, headers: { forEach: (cb) => Object.entries(headers).forEach(([k, v]) => cb(v, k)) }, text: async () => text };
}

function recordingFetch(response: ResponseLike | (() => Promise<ResponseLike>)) {
  const calls: Array<{ url: string; init: FetchInit }> = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    return typeof response === 'function' ? response() : Promise.resolve(response);
  };
  return { fetch, calls };
}

const URL = 'https://api.example/v1/thing';

describe('request helper (§7)', () => {
  it('defaults to get, asks for json and lower-cases header names', async () => {
    const { fetch, calls } = recordingFetch(reply(200, '{"ok":true}', { 'Content-Type': 'application/json' }));
    const result = await request({ url: URL, headers: { 'X-Custom': 'A' } }, { fetch, clock: createTestClock() });
    expect(calls[0]?.init).toMatchObject({ method: 'GET', headers: { accept: 'application/json', 'x-custom': 'A' } });
    expect(calls[0]?.init.body).toBeUndefined();
    expect(result).toEqual({ status: 200, headers: { 'content-type': 'application/json' }, body: { ok: true } });
  });

  it('sends json as JSON', async () => {
    const { fetch, calls } = recordingFetch(reply(201, '{}'));
    await request({ url: URL, method: 'post', json: { a: 1 } }, { fetch, clock: createTestClock() });
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
  });

  it('sends data form-encoded, and body as given', async () => {
    const { fetch, calls } = recordingFetch(reply(200, ''));
    await request({ url: URL, method: 'post', data: { grant_type: 'client_credentials', n: 2 } }, { fetch, clock: createTestClock() });
    expect(calls[0]?.init.body).toBe('grant_type=client_credentials&n=2');
    expect(calls[0]?.init.headers['content-type']).toContain('application/x-www-form-urlencoded');
    await request({ url: URL, method: 'post', body: 'a=b' }, { fetch, clock: createTestClock() });
    expect(calls[1]?.init.body).toBe('a=b');
  });

  it('allows only one of json, data or body (§5)', async () => {
    const { fetch, calls } = recordingFetch(reply(200, ''));
    await expect(request({ url: URL, json: {}, data: {} }, { fetch, clock: createTestClock() })).rejects.toThrow(
      'Only options.json or options.data or options.body should be passed',
    );
    await expect(request({ url: URL, json: {}, body: 'x' }, { fetch, clock: createTestClock() })).rejects.toThrow('Only options.json');
    expect(calls).toHaveLength(0);
  });

  it('non-2xx statuses resolve: the caller decides', async () => {
    const { fetch } = recordingFetch(reply(401, '{"error":"invalid_client"}', { 'content-type': 'application/json' }));
    expect(await request({ url: URL }, { fetch, clock: createTestClock() })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('a text reply that is not JSON stays text', async () => {
    const { fetch } = recordingFetch(reply(200, 'hello', { 'content-type': 'text/plain' }));
    expect((await request({ url: URL }, { fetch, clock: createTestClock() })).body).toBe('hello');
  });

  it("invalid JSON with a JSON content type rejects with 'Invalid json: ...'", async () => {
    const { fetch } = recordingFetch(reply(200, '{oops', { 'content-type': 'application/json; charset=utf-8' }));
    await expect(request({ url: URL }, { fetch, clock: createTestClock() })).rejects.toThrow('Invalid json: {oops.');
  });

  it('a missing status rejects (§8)', async () => {
    const { fetch } = recordingFetch(reply(0, ''));
    await expect(request({ url: URL, method: 'post', json: {} }, { fetch, clock: createTestClock() })).rejects.toThrow(
      `Request to post ${URL} failed: no response status code.`,
    );
  });

  it('a network error rejects', async () => {
    const fetch: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    await expect(request({ url: URL }, { fetch, clock: createTestClock() })).rejects.toThrow(`Request to get ${URL} failed: fetch failed.`);
  });

  it('a time-out rejects on the clock and aborts the fetch (§8)', async () => {
    const clock = createTestClock();
    let signal: AbortSignal | undefined;
    const fetch: FetchLike = (_url, init) => {
      signal = init.signal;
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    };
    const pending = request({ url: URL, method: 'POST', timeout: 1_000 }, { fetch, clock });
    clock.advanceBy(999);
    expect(signal?.aborted).toBe(false);
    clock.advanceBy(1);
    await expect(pending).rejects.toThrow(`Request to post ${URL} has timed out`);
    expect(signal?.aborted).toBe(true);
    expect(clock.pending()).toBe(0);
  });

  it('clears its timer when the reply comes first', async () => {
    const clock = createTestClock();
    const { fetch } = recordingFetch(reply(200, '{}'));
    await request({ url: URL, timeout: 1_000 }, { fetch, clock });
    expect(clock.pending()).toBe(0);
  });
});

describe('promise time-out (§4, §8, §9)', () => {
  it('defaults to 5,000 ms and rejects with the spec message', async () => {
    expect(PROMISE_TIMEOUT_MS).toBe(5_000);
    const clock = createTestClock();
    const pending = promiseTimeout(new Promise(() => undefined), clock);
    clock.advanceBy(4_999);
    clock.advanceBy(1);
    await expect(pending).rejects.toThrow('Promise timed out after 5000ms');
  });

  it('uses a given time-out', async () => {
    const clock = createTestClock();
    const pending = promiseTimeout(new Promise(() => undefined), clock, 250);
    clock.advanceBy(250);
    await expect(pending).rejects.toThrow('Promise timed out after 250ms');
  });

  it('resolves and rejects as the promise does, and clears its timer', async () => {
    const clock = createTestClock();
    await expect(promiseTimeout(Promise.resolve(7), clock)).resolves.toBe(7);
    await expect(promiseTimeout(Promise.reject(new Error('no')), clock)).rejects.toThrow('no');
    expect(clock.pending()).toBe(0);
  });
});
