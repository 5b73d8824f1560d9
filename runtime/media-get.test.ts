import { describe, expect, it } from 'vitest';
import { mediaGet, type MediaGetAdapters } from './media-get';

function adapters(status: number, body: string): MediaGetAdapters & { requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    fetch: (url, init) => {
      requests.push(`${init.method} ${url}`);
      return Promise.resolve(new Response(status === 204 ? null : body, { status }));
    },
    parse: (text, type) => ({ parsed: text, type }),
  };
}

async function get(kind: 'json' | 'xml' | 'html' | 'text', status: number, body: string) {
  const outcome: { data?: unknown; failed?: number } = {};
  const fake = adapters(status, body);
  await mediaGet('/media/captions.vtt', kind, (data) => (outcome.data = data), (s) => (outcome.failed = s), fake);
  return { ...outcome, requests: fake.requests };
}

describe('media library GET helper (§7)', () => {
  it('GETs and reads json, xml, html or text', async () => {
    expect(await get('json', 200, '{"a":1}')).toEqual({ data: { a: 1 }, requests: ['GET /media/captions.vtt'] });
    expect((await get('xml', 200, '<a/>')).data).toEqual({ parsed: '<a/>', type: 'application/xml' });
    expect((await get('html', 200, '<p>x</p>')).data).toEqual({ parsed: '<p>x</p>', type: 'text/html' });
    expect((await get('text', 200, 'WEBVTT')).data).toBe('WEBVTT');
  });

  it('hands any status other than 200 to the failure callback', async () => {
    expect(await get('text', 404, 'missing')).toMatchObject({ failed: 404 });
    expect(await get('text', 204, '')).toMatchObject({ failed: 204 });
    expect((await get('text', 404, 'missing')).data).toBeUndefined();
  });

  it('reports no answer as status 0, and throws on a URL that is not a string', async () => {
    let failed: number | undefined;
    await mediaGet('/x', 'text', () => undefined, (s) => (failed = s), { fetch: () => Promise.reject(new Error('offline')), parse: () => null });
    expect(failed).toBe(0);
    await expect(mediaGet(42, 'text', () => undefined, () => undefined)).rejects.toThrow(TypeError);
  });
});
