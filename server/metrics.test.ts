import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/support/postgres';
import { startSiteServer, type RunningServer } from '../tests/support/site-server';
import { contactPageDir, subscribe } from '../tests/support/visitor';

/**
 * Issue 33: /metrics (Prometheus text format, prom-client) on METRICS_ADDRESS after known traffic,
 * on SQLite in the unit project and PostgreSQL in the postgres project. The mail server is a port
 * nothing listens on, so each queued mail fails once and waits (MAIL_RETRY_MS) in the outbox.
 */
const staticPages = contactPageDir();
let server: RunningServer;
let metricsUrl: string;

beforeAll(async () => {
  const deadSmtp = await freePort();
  server = await startSiteServer({
    env: {
      STATIC_DIR: staticPages.dir,
      METRICS_ADDRESS: '127.0.0.1:0',
      FORM_RATE_LIMIT: '2',
      SMTP_URL: `smtp://127.0.0.1:${deadSmtp}`,
      MAIL_POLL_MS: '200',
      MAIL_RETRY_MS: '3600000',
    },
  });
  metricsUrl = server.metricsUrl ?? '';
}, 60_000);

afterAll(async () => {
  await server?.stop();
  staticPages.remove();
});

async function scrape(): Promise<{ text: string; value(series: string): number | undefined }> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await response.text();
  return {
    text,
    value(series) {
      const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    },
  };
}

describe('/metrics (issue 33)', () => {
  it('is served on METRICS_ADDRESS only, never on the public site', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(metricsUrl.startsWith(server.url)).toBe(false);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('counts and times requests per route, refusals by the rate limit, and the outbox’s depth and failures', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const visitor = { 'x-forwarded-for': '203.0.113.7' };
    const answers = [];
    for (const email of ['m1@example.org', 'm2@example.org', 'm3@example.org']) answers.push((await subscribe(server.url, email, visitor)).status);
    expect(answers).toEqual([200, 200, 429]);
    expect((await fetch(`${server.url}/no-such-page`, { headers: { accept: 'text/plain' } })).status).toBe(404);

    // Two confirmation mails queued; each fails once against the dead SMTP port and waits an hour.
    await expect.poll(async () => (await scrape()).value('sitecharts_mail_outbox_failures_total'), { timeout: 20_000 }).toBe(2);
    const metrics = await scrape();
    const healthz = '{method="GET",route="/healthz",status_code="200"}';
    expect(metrics.value(`sitecharts_http_requests_total${healthz}`)).toBe(3);
    expect(metrics.value(`sitecharts_http_request_duration_seconds_count${healthz}`)).toBe(3);
    expect(metrics.value(`sitecharts_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status_code="200"}`)).toBe(3);
    expect(metrics.value(`sitecharts_http_request_duration_seconds_sum${healthz}`)).toBeGreaterThan(0);
    expect(metrics.value('sitecharts_http_requests_total{method="POST",route="/forms/newsletter",status_code="200"}')).toBe(2);
    expect(metrics.value('sitecharts_http_requests_total{method="POST",route="/forms/newsletter",status_code="429"}')).toBe(1);
    // This one and the first test's GET /metrics on the public site.
    expect(metrics.value('sitecharts_http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBe(2);
    expect(metrics.value('sitecharts_form_rate_limit_refusals_total{form="newsletter"}')).toBe(1);
    expect(metrics.value('sitecharts_mail_outbox_depth{state="pending"}')).toBe(2);
    expect(metrics.value('sitecharts_mail_outbox_depth{state="failed"}')).toBe(0);
    expect(metrics.text).toContain('# TYPE sitecharts_store_errors_total counter');
    expect(metrics.value('sitecharts_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
