import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_EDGES, MAX_BODY_BYTES, bucketOf } from '../../runtime/vitals/vitals.rules';
import { ROOT, startSiteServer, type RunningServer } from '../../tests/support/site-server';
import { changeRows, storedRows } from '../../tests/support/store-rows';
import { OTHER_PAGE, OTHER_TARGET } from '../store/site-store';
import { MAX_TARGETS, PER_CLIENT_PER_MINUTE, dayOf } from './routes';

/**
 * Issue 35, field data on the real server: POST /vitals counts a report in the day's histogram
 * buckets, refuses every bad report with a 4xx and a sentence, and never grows the store beyond its
 * bound (pages, targets, retention). On SQLite in the unit project, on PostgreSQL in the postgres
 * project (vite.config.ts); `npm run vitals` reads the same store.
 */
const run = promisify(execFile);
const site = mkdtempSync(join(tmpdir(), 'sitecharts-vitals-site-'));
const PAGES = ['', 'news/', 'donate/', 'videos/'];
for (const page of PAGES) {
  mkdirSync(join(site, page), { recursive: true });
  writeFileSync(join(site, page, 'index.html'), `<!doctype html><title>${page || 'home'}</title>`);
}
const MAX_PAGES = 3;
let server: RunningServer;

/** Each test its own visitor address (TRUST_PROXY=1), so the flood guard of one does not touch another. */
let visitors = 0;
const visitor = () => `10.35.0.${++visitors}`;

async function report(fields: Record<string, string> | string, headers: Record<string, string> = {}, from = visitor()) {
  const body = typeof fields === 'string' ? fields : new URLSearchParams(fields).toString();
  const response = await fetch(`${server.url}/vitals`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'x-forwarded-for': from, ...headers },
    body,
  });
  return { status: response.status, text: await response.text() };
}

const rows = <Row>(sql: string, params: unknown[] = []) => storedRows<Row>(server, sql, params);
const counts = async () => {
  const [buckets] = await rows<{ n: number; visits: number }>('SELECT COUNT(*) AS n, COALESCE(SUM(visits), 0) AS visits FROM vitals_bucket');
  const [targets] = await rows<{ n: number }>('SELECT COUNT(*) AS n FROM vitals_target');
  return { bucketRows: Number(buckets?.n), visits: Number(buckets?.visits), targetRows: Number(targets?.n) };
};
const today = dayOf(Date.now());

beforeAll(async () => {
  server = await startSiteServer({ env: { STATIC_DIR: site, TRUST_PROXY: '1', VITALS_MAX_PAGES: String(MAX_PAGES), VITALS_RETENTION_DAYS: '30' } });
  // Older than the retention (30 days): gone once the first report of the day arrives.
  await changeRows(server, "INSERT INTO vitals_bucket (day, page, metric, device, bucket, visits) VALUES ('2020-01-01', '/', 'lcp', 'mobile', 3, 7)");
  await changeRows(server, "INSERT INTO vitals_target (day, page, metric, target, visits, total) VALUES ('2020-01-01', '/', 'lcp', 'img', 7, 700)");
  await changeRows(server, 'INSERT INTO vitals_bucket (day, page, metric, device, bucket, visits) VALUES (?, ?, ?, ?, ?, ?)', [dayOf(Date.now(), 29), '/news/', 'lcp', 'mobile', 3, 1]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(site, { recursive: true, force: true });
});

describe('POST /vitals (issue 35)', () => {
  it('counts a visit in its day, page, metric, device and bucket, with its targets; older than the retention is deleted', async () => {
    const answer = await report({ page: '/news/', device: 'mobile', lcp: '2300', lcp_target: 'main>img.hero', inp: '120', inp_target: 'button#burger', cls: '0.004' });
    expect(answer).toEqual({ status: 204, text: '' });
    const stored = await rows<{ day: string; page: string; metric: string; device: string; bucket: number; visits: number }>(
      'SELECT day, page, metric, device, bucket, visits FROM vitals_bucket WHERE day = ? ORDER BY metric',
      [today],
    );
    expect(stored.map((row) => ({ ...row, bucket: Number(row.bucket), visits: Number(row.visits) }))).toEqual([
      { day: today, page: '/news/', metric: 'cls', device: 'mobile', bucket: bucketOf('cls', 0.004), visits: 1 },
      { day: today, page: '/news/', metric: 'inp', device: 'mobile', bucket: bucketOf('inp', 120), visits: 1 },
      { day: today, page: '/news/', metric: 'lcp', device: 'mobile', bucket: bucketOf('lcp', 2300), visits: 1 },
    ]);
    const targets = await rows<{ metric: string; target: string; total: number }>('SELECT metric, target, total FROM vitals_target WHERE day = ? ORDER BY metric', [today]);
    expect(targets.map((row) => ({ ...row, total: Number(row.total) }))).toEqual([
      { metric: 'inp', target: 'button#burger', total: 120 },
      { metric: 'lcp', target: 'main>img.hero', total: 2300 },
    ]);
    // The 2020 rows are gone; the one of 29 days ago is kept.
    expect((await rows<{ day: string }>('SELECT DISTINCT day FROM vitals_bucket ORDER BY day')).map((row) => row.day)).toEqual([dayOf(Date.now(), 29), today]);
    expect(await rows('SELECT day FROM vitals_target WHERE day < ?', [dayOf(Date.now(), 30)])).toEqual([]);
  });

  it('refuses bad reports with a 4xx and a sentence, and stores nothing', async () => {
    const before = await counts();
    const good = { page: '/news/', device: 'desktop', lcp: '900' };
    const cases: Array<[string, Promise<{ status: number; text: string }>, number, RegExp]> = [
      ['huge', report({ ...good, lcp_target: 'a'.repeat(MAX_BODY_BYTES * 4) }), 413, /at most 1024 bytes; nothing was stored/],
      ['json', report(JSON.stringify(good), { 'content-type': 'application/json' }), 415, /does not read/],
      ['malformed', report('page=%2Fnews%2F&device=desktop&lcp=%zz'), 400, /'lcp' must be a number/],
      ['not a number', report({ ...good, lcp: 'fast' }), 400, /'lcp' must be a number from 0 to 600000, got 'fast'/],
      ['negative', report({ ...good, inp: '-5' }), 400, /'inp' must be a number/],
      ['out of range', report({ ...good, cls: '1e9' }), 400, /'cls' must be a number from 0 to 100/],
      ['repeated', report('page=%2Fnews%2F&device=desktop&lcp=1&lcp=2'), 400, /'lcp' is sent more than once/],
      ['unknown field', report({ ...good, ua: 'Mozilla/5.0' }), 400, /Unknown field\(s\) 'ua'/],
      ['no value', report({ page: '/news/', device: 'desktop' }), 400, /no value/],
      ['bad device', report({ ...good, device: 'iPhone 15' }), 400, /'device' must be one of mobile, desktop/],
      ['dot segments', report({ ...good, page: '/news/../../etc/passwd' }), 400, /'page' must be a path of this site/],
      ['full address', report({ ...good, page: 'https://elsewhere.example/' }), 400, /'page' must be a path/],
      ['not a page', report({ ...good, page: '/no-such-page/' }), 422, /not a page of this site/],
      ['script in target', report({ ...good, lcp_target: '<img src=x onerror=alert(1)>' }), 400, /must be a CSS selector/],
      ['target alone', report({ ...good, inp_target: 'button' }), 400, /'inp_target' is sent without 'inp'/],
      ['another site', report(good, { origin: 'https://foreign.example', 'sec-fetch-site': 'cross-site' }), 403, /another site/],
    ];
    for (const [name, answer, status, message] of cases) {
      const { status: got, text } = await answer;
      expect({ name, status: got }).toEqual({ name, status });
      expect(text, name).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('Do Not Track and Global Privacy Control: answered 204, counted nowhere', async () => {
    const before = await counts();
    expect((await report({ page: '/', device: 'mobile', lcp: '500' }, { dnt: '1' })).status).toBe(204);
    expect((await report({ page: '/', device: 'mobile', lcp: '500' }, { 'sec-gpc': '1' })).status).toBe(204);
    expect(await counts()).toEqual(before);
  });

  it(`a flood from one address is refused after ${PER_CLIENT_PER_MINUTE} reports a minute (429), and counted no further`, async () => {
    const before = await counts();
    const from = visitor();
    const answers = [];
    for (let i = 0; i < PER_CLIENT_PER_MINUTE + 10; i++) answers.push(await report({ page: '/donate/', device: 'mobile', inp: String(40 + i), inp_target: 'button.donate' }, {}, from));
    expect(answers.filter((a) => a.status === 204)).toHaveLength(PER_CLIENT_PER_MINUTE);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.text).toMatch(/Too many vitals reports from this address; nothing was stored/);
    const after = await counts();
    expect(after.visits - before.visits).toBe(PER_CLIENT_PER_MINUTE);
    // Thirty visits of one page and metric fill a handful of buckets, not thirty rows.
    expect(after.bucketRows - before.bucketRows).toBeLessThanOrEqual(BUCKET_EDGES.inp.length + 1);
  });

  it(`growth is bounded: at most ${MAX_PAGES} pages a day and ${MAX_TARGETS} targets per page and metric, the rest counted together`, async () => {
    // /news/ and /donate/ are counted today; /videos/ is the third, / the fourth: over the cap.
    for (const page of ['/videos/', '/']) expect((await report({ page, device: 'desktop', cls: '0.3' })).status).toBe(204);
    const pages = await rows<{ page: string }>('SELECT DISTINCT page FROM vitals_bucket WHERE day = ? ORDER BY page', [today]);
    expect(pages.map((row) => row.page).sort()).toEqual(['/donate/', '/news/', '/videos/', OTHER_PAGE].sort());
    for (let i = 0; i < MAX_TARGETS + 5; i++) {
      expect((await report({ page: '/videos/', device: 'desktop', inp: '80', inp_target: `button.play-${i}` })).status).toBe(204);
    }
    const targets = await rows<{ target: string; visits: number }>("SELECT target, visits FROM vitals_target WHERE day = ? AND page = '/videos/' AND metric = 'inp'", [today]);
    expect(targets).toHaveLength(MAX_TARGETS + 1);
    expect(Number(targets.find((row) => row.target === OTHER_TARGET)?.visits)).toBe(5);
  });

  it('npm run vitals shows the 75th percentile per page and metric over the period', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/vitals/cli.ts', '--days', '1'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl ?? '' },
    });
    expect(stdout).toMatch(new RegExp(`^Field data ${today} to ${today}: 75th percentile per page and metric`));
    const line = (page: string, metric: string) => stdout.split('\n').find((text) => text.startsWith(`${page} `) && text.split(/\s{2,}/)[1] === metric);
    // /news/ today: one visit, LCP 2300 ms in the bucket up to 2500 ms (the 29-day-old row is outside --days 1).
    expect(line('/news/', 'LCP')?.split(/\s{2,}/)).toEqual(['/news/', 'LCP', '<= 2500 ms', 'good', '1', 'main>img.hero (1, 2300 ms)']);
    // /donate/: INP 40..69 ms over thirty visits; the 75th percentile (23rd visit, 62 ms) is in the bucket up to 70 ms.
    expect(line('/donate/', 'INP')?.split(/\s{2,}/)).toEqual(['/donate/', 'INP', '<= 70 ms', 'good', '30', 'button.donate (30, 55 ms)']);
    expect(line(OTHER_PAGE, 'CLS')?.split(/\s{2,}/).slice(0, 4)).toEqual([OTHER_PAGE, 'CLS', '<= 0.300', 'poor']);
    const json = await run(process.execPath, ['--import', 'tsx', 'server/vitals/cli.ts', '--json', '--device', 'desktop'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl ?? '' },
    });
    const parsed = JSON.parse(json.stdout) as { device: string; rows: Array<{ page: string; metric: string }> };
    expect(parsed.device).toBe('desktop');
    expect(parsed.rows.some((row) => row.page === '/donate/')).toBe(false);
  });
});
