import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_ANSWER_BYTES, compressSmallAnswers } from './compress-answers';

/**
 * Issue 47: small dynamic answers are compressed in one synchronous call (compress-answers.ts), the
 * rest by @fastify/compress as before; either way a visitor gets the same text, and a cache is told
 * the answer varies with Accept-Encoding.
 */
const small = `<div data-search-answer="">${'<a href="/archive/story-77/">Archive story 77</a>'.repeat(40)}</div>`;
const large = 'Nurses visit every day of the year. '.repeat(Math.ceil((SMALL_ANSWER_BYTES + 1000) / 36));
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  compressSmallAnswers(app, 1024);
  await app.register(compress, { threshold: 1024 });
  app.get('/small', (_request, reply) => reply.type('text/html; charset=utf-8').send(small));
  app.get('/varies', (_request, reply) => reply.type('text/html; charset=utf-8').header('Vary', 'Cookie').send(small));
  app.get('/tiny', (_request, reply) => reply.type('text/plain; charset=utf-8').send('0'));
  app.get('/json', () => ({ list: Array.from({ length: 200 }, (_, i) => `entry ${i}`) }));
  app.get('/image', (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096, 7)));
  app.get('/large', (_request, reply) => reply.type('text/plain; charset=utf-8').send(large));
  app.get('/stream', (_request, reply) => reply.type('text/plain; charset=utf-8').send(Readable.from([small, small])));
  app.get('/left-alone', { compress: false }, (_request, reply) => reply.type('text/html; charset=utf-8').send(small));
  app.get('/left-alone-by-config', { config: { compress: false } }, (_request, reply) => reply.type('text/html; charset=utf-8').send(small));
  await app.ready();
});

afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('small dynamic answers', () => {
  it('are brotli for a browser, in one piece with their length, and decompress to the text', async () => {
    const answer = await get('/small', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(answer.rawPayload.length).toBeLessThan(Buffer.byteLength(small) / 4);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(small);
  });

  it('are gzip when brotli is not accepted (or refused with q=0), plain when nothing is', async () => {
    for (const header of ['gzip', 'br;q=0, gzip']) {
      const answer = await get('/small', { 'accept-encoding': header });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(answer.rawPayload).toString()).toBe(small);
    }
    const plain = await get('/small');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(small);
  });

  it('are left alone on a route that tells the plugin so (compress: false), as the plugin leaves them', async () => {
    for (const url of ['/left-alone', '/left-alone-by-config']) {
      const answer = await get(url, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body).toBe(small);
    }
  });

  it('keep a Vary the route set, adding Accept-Encoding', async () => {
    const answer = await get('/varies', { 'accept-encoding': 'br' });
    expect(answer.headers['vary']).toBe('Cookie, Accept-Encoding');
  });

  it('are compressed as JSON too, and not at all below the threshold, as images, or with x-no-compression', async () => {
    const json = await get('/json', { 'accept-encoding': 'br' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString())).toEqual({ list: Array.from({ length: 200 }, (_, i) => `entry ${i}`) });
    expect((await get('/tiny', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    expect((await get('/image', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    const refused = await get('/small', { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(small);
  });
});

describe('what is left to @fastify/compress', () => {
  it('a large answer and a stream are still compressed (streamed, chunked)', async () => {
    const answer = await get('/large', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(large);
    const stream = await get('/stream', { 'accept-encoding': 'gzip' });
    expect(stream.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(stream.rawPayload).toString()).toBe(small + small);
  });

  it('deflate, which this hook does not make', async () => {
    const answer = await get('/small', { 'accept-encoding': 'deflate' });
    expect(answer.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(answer.rawPayload).toString()).toBe(small);
  });
});
