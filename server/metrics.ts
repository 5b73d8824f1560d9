import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SiteStore } from './store/site-store';

/**
 * Issue 33: what an operator running one or several instances watches, in Prometheus' text format
 * through prom-client: requests per route (count and latency), the mail outbox's depth and
 * failures, form posts refused by the rate limit, store errors, and the process's own figures.
 * Served at /metrics on METRICS_ADDRESS, a listener of its own (off by default), never on the
 * public site. Each instance has its own registry; Prometheus sums across instances.
 */
export interface SiteMetrics {
  registry: Registry;
  rateLimited: Counter<'form'>;
  outboxFailures: Counter;
  storeErrors: Counter<'operation'>;
  /** Issue 51: problem reports by what became of them (stored, refused). */
  problemReports: Counter<'result'>;
}

export const METRICS_PATH = '/metrics';

/** Seconds; a static page answers in milliseconds, a form post waits for its commit. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(outbox: () => Promise<{ pending: number; failed: number }>): SiteMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sitecharts_' });
  const rateLimited = new Counter({
    name: 'sitecharts_form_rate_limit_refusals_total',
    help: 'Form posts refused with 429 because the client spent its rate budget',
    labelNames: ['form'],
    registers: [registry],
  });
  const outboxFailures = new Counter({ name: 'sitecharts_mail_outbox_failures_total', help: 'Failed attempts to send a queued mail', registers: [registry] });
  const storeErrors = new Counter({
    name: 'sitecharts_store_errors_total',
    help: 'Store operations that failed (the database unreachable, a query refused)',
    labelNames: ['operation'],
    registers: [registry],
  });
  const problemReports = new Counter({
    name: 'sitecharts_problem_reports_total',
    help: 'Problem reports visitors sent, by result: stored, or refused with a 4xx (bad, too large, flooding, store full)',
    labelNames: ['result'],
    registers: [registry],
  });
  new Gauge({
    name: 'sitecharts_mail_outbox_depth',
    help: 'Mails in the outbox by state: pending (queued or waiting for a retry) and failed (given up)',
    labelNames: ['state'],
    registers: [registry],
    // Read from the shared store at each scrape: with several instances every one reports the same queue.
    async collect() {
      const counts = await outbox().catch(() => undefined);
      if (!counts) return;
      this.set({ state: 'pending' }, counts.pending);
      this.set({ state: 'failed' }, counts.failed);
    },
  });
  return { registry, rateLimited, outboxFailures, storeErrors, problemReports };
}

/**
 * Counts and times every answer by its route pattern (`/forms/contact`, `/*` for static files,
 * `unmatched` for a 404 no route claimed), so the label set stays small whatever addresses are asked for.
 */
export function instrumentRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'sitecharts_http_requests_total', help: 'HTTP requests answered, by route and status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'sitecharts_http_request_duration_seconds',
    help: 'Time from request to answer, by route and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
}

/** The same store, with each failed operation counted by name. */
export function countStoreErrors(store: SiteStore, errors: Counter<'operation'>): SiteStore {
  const counted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    if (typeof value !== 'function') {
      counted[name] = value;
      continue;
    }
    const operation = value as (...args: unknown[]) => Promise<unknown>;
    counted[name] = (...args: unknown[]) =>
      operation.apply(store, args).catch((error: unknown) => {
        errors.inc({ operation: name });
        throw error;
      });
  }
  return counted as unknown as SiteStore;
}

/** The metrics listener: GET /metrics and nothing else. Resolves with its address. */
export async function serveMetrics(registry: Registry, host: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Only GET ${METRICS_PATH} is served here.`);
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${String(error)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}${METRICS_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
