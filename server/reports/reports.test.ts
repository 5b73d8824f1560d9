import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer, type RunningServer } from '../../tests/support/site-server';
import { storedRows } from '../../tests/support/store-rows';
import { MAX_REPORT_BODY_BYTES } from '../../runtime/report/report.rules';
import { buildIdOf } from './build-id';

/**
 * Issue 51 on the real server: POST /reports stores a good report (201, its number), and refuses a
 * malformed, oversized, forged-build or flooding one with a 4xx and a sentence, storing nothing;
 * the store never holds more than REPORTS_MAX_STORED; GET /reports/<id> needs the operator's token.
 */
const site = mkdtempSync(join(tmpdir(), 'sitecharts-reports-site-'));
for (const page of ['', 'news/']) {
  mkdirSync(join(site, page), { recursive: true });
  writeFileSync(join(site, page, 'index.html'), `<!doctype html><title>${page || 'home'}</title>`);
}
mkdirSync(join(site, '.vite'), { recursive: true });
writeFileSync(join(site, '.vite/manifest.json'), '{"client.ts":{"file":"assets/client-1.js","isEntry":true}}');
const BUILD = buildIdOf(site) ?? '';
const MAX_STORED = 4;
const TOKEN = 'operator-token-51';
let server: RunningServer;
let visitors = 0;
const visitor = () => `10.51.0.${++visitors}`;

const good = (words = 'The donate button did nothing on my phone') => ({
  page: '/news/',
  words,
  build: BUILD,
  viewport: { width: 390, height: 844 },
  device: 'mobile',
  scenario: { name: 'page /news/', page: '/news/', seed: 7, actors: [{ start: 0, machine: 'sticky-header', steps: [{ expect: 'top' }, { advance: 16 }] }] },
});

async function post(body: unknown, from = visitor(), headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}
const stored = async () => Number((await storedRows<{ n: number }>(server, 'SELECT COUNT(*) AS n FROM problem_report'))[0]?.n);

beforeAll(async () => {
  server = await startSiteServer({ env: { STATIC_DIR: site, TRUST_PROXY: '1', REPORTS: 'on', REPORTS_MAX_STORED: String(MAX_STORED), REPORTS_TOKEN: TOKEN, FORM_RATE_LIMIT: '3' } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(site, { recursive: true, force: true });
});

describe('POST /reports (issue 51)', () => {
  it('stores a good report without the address, and hands it to the operator with the token only', async () => {
    const answer = await post(good());
    expect(answer.status).toBe(201);
    const { id } = JSON.parse(answer.text) as { id: number };
    const rows = await storedRows<Record<string, unknown>>(server, 'SELECT * FROM problem_report WHERE id = ?', [id]);
    expect(rows[0]).toMatchObject({ page: '/news/', words: 'The donate button did nothing on my phone', build: BUILD, device: 'mobile' });
    expect(JSON.stringify(rows)).not.toContain('10.51.');
    expect((await fetch(`${server.url}/reports/${id}`)).status).toBe(401);
    const file = (await (await fetch(`${server.url}/reports/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { words: string; scenario: { actors: unknown[] } };
    expect(file.words).toBe('The donate button did nothing on my phone');
    expect(file.scenario.actors).toHaveLength(1);
  });

  it('refuses malformed, forged and oversized reports with a 4xx and a sentence, storing nothing', async () => {
    const before = await stored();
    const cases: Array<[unknown, number, RegExp]> = [
      ['{not json', 400, /is JSON, and this is not/],
      [{ ...good(), ip: '1.2.3.4' }, 400, /Unknown field/],
      [{ ...good(), words: '   ' }, 400, /'words'/],
      [{ ...good(), page: '/../etc/passwd' }, 400, /'page'/],
      [{ ...good(), device: 'fridge' }, 400, /'device'/],
      [{ ...good(), viewport: { width: -1, height: 2 } }, 400, /'viewport'/],
      [{ ...good(), scenario: { actors: 'all of them' } }, 400, /'scenario'/],
      [{ ...good(), build: 'ffffffffffffffff' }, 422, /not a build of this site/],
      [{ ...good(), build: 'dev' }, 422, /not a build of this site/],
      [{ ...good(), page: '/nowhere/', scenario: { ...good().scenario, page: '/nowhere/' } }, 422, /not a page of this site/],
      ['x'.repeat(MAX_REPORT_BODY_BYTES + 10), 413, /at most/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await post(body);
      expect(answer.status, String(typeof body === 'string' ? body.slice(0, 20) : JSON.stringify(body).slice(0, 80))).toBe(status);
      expect(answer.text).toMatch(message);
    }
    // A recording that gzips past 64 KB (random text does not compress).
    const noise = Array.from({ length: 9000 }, (_, i) => ({ send: { type: 'x', v: `${Math.random().toString(36)}${i}` } }));
    const huge = await post({ ...good(), scenario: { ...good().scenario, actors: [{ start: 0, machine: 'sticky-header', steps: noise }] } });
    expect(huge.status).toBe(413);
    expect(await stored()).toBe(before);
  });

  it('a flood from one address gets 429, and the store never grows past REPORTS_MAX_STORED', async () => {
    const from = visitor();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post(good(`flood ${i}`), from)).status);
    expect(answers.slice(3)).toEqual([429, 429]);
    for (let i = 0; i < 6; i++) await post(good(`many ${i}`));
    expect(await stored()).toBe(MAX_STORED);
    const full = await post(good('one more'));
    expect(full.status).toBe(429);
    expect(full.text).toMatch(/at most 4 problem reports/);
  });

  it('refuses a cross-site post (403) and stores nothing', async () => {
    const before = await stored();
    const answer = await post(good(), visitor(), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    expect(await stored()).toBe(before);
  });
});


