import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_BODY_BYTES, VITALS_PATH, parseVitals } from '../../runtime/vitals/vitals.rules';
import { VITALS_DEFAULTS, type VitalsConfig } from '../config';
import { PLAIN } from '../security/error-answers';
import type { SiteStore } from '../store/site-store';

/**
 * Issue 35, field data: POST /vitals takes one sampled visit's Core Web Vitals (a url-encoded
 * sendBeacon from runtime/vitals/report.ts), re-checks it with the page's own rules and counts it
 * in the day's histograms (server/store). Nothing about the visitor is kept: no address, no user
 * agent, no cookie, no row per visit. The address is held in memory for one minute only, to refuse
 * a flood (429). A visitor whose browser sends Do Not Track or Global Privacy Control is never
 * counted, even if a page sent the report. Every refusal is a 4xx with a sentence and stores nothing.
 */

/** Distinct targets (selectors) per day, page and metric; more count together as '(other)'. */
export const MAX_TARGETS = 10;
/** Reports one client may send per minute: a visitor sends one per page they leave. */
export const PER_CLIENT_PER_MINUTE = 30;
/** Reports this instance reads per minute from everyone together. */
export const PER_INSTANCE_PER_MINUTE = 3000;
const MINUTE_MS = 60_000;

/**
 * One minute's budget per client from its first report, and one for the whole instance. A client
 * is remembered only once a report of theirs is accepted, and forgotten a minute later, so the
 * memory it takes is bounded by the instance's budget.
 */
export function createFloodGuard(perClient = PER_CLIENT_PER_MINUTE, perInstance = PER_INSTANCE_PER_MINUTE) {
  const clients = new Map<string, { start: number; n: number }>();
  let instance = { start: -Infinity, n: 0 };
  const wait = (start: number, now: number) => Math.max(1, Math.ceil((start + MINUTE_MS - now) / 1000));
  return (client: string, now: number): number => {
    if (now - instance.start >= MINUTE_MS) {
      instance = { start: now, n: 0 };
      for (const [name, window] of clients) if (now - window.start >= MINUTE_MS) clients.delete(name);
    }
    const known = clients.get(client);
    const mine = known && now - known.start < MINUTE_MS ? known : { start: now, n: 0 };
    if (mine.n >= perClient) return wait(mine.start, now);
    if (instance.n >= perInstance) return wait(instance.start, now);
    mine.n += 1;
    instance.n += 1;
    clients.set(client, mine);
    return 0;
  };
}

/** The UTC day (YYYY-MM-DD) of `time`, and of `days` days before it. */
export const dayOf = (time: number, daysBefore = 0) => new Date(time - daysBefore * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Whether the published site has a page at `path` ('/news/' is news/index.html). */
export function isSitePage(root: string, path: string): boolean {
  const file = path.endsWith('.html') ? join(root, path) : join(root, path, 'index.html');
  try {
    return existsSync(file) && statSync(file).isFile();
  } catch {
    return false;
  }
}

const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).type(PLAIN).header('Cache-Control', 'no-store').send(message);

export async function registerVitals(app: FastifyInstance, store: SiteStore, config: VitalsConfig = { enabled: true, ...VITALS_DEFAULTS }) {
  const flood = createFloodGuard();
  let prunedFor = '';
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(reply, 413, `A vitals report is at most ${MAX_BODY_BYTES} bytes; nothing was stored.`);
      throw error; // the site's own answers (server/security/error-answers.ts)
    });
    scope.post(VITALS_PATH, { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
      if (!config.enabled) return refuse(reply, 404, 'Field data is turned off on this site (VITALS=off); nothing was stored.');
      const now = Date.now();
      const wait = flood(request.ip, now);
      if (wait > 0) return refuse(reply.header('Retry-After', String(wait)), 429, `Too many vitals reports from this address; nothing was stored. Try again in ${wait} s.`);
      // The visitor asked not to be tracked: a page that still reported is not counted.
      if (request.headers.dnt === '1' || request.headers['sec-gpc'] === '1') return reply.code(204).header('Cache-Control', 'no-store').send();
      const parsed = parseVitals(request.body);
      if (!parsed.ok) return refuse(reply, 400, parsed.error);
      if (!isSitePage(app.siteRelease.root(), parsed.visit.page)) return refuse(reply, 422, `'${parsed.visit.page.slice(0, 80)}' is not a page of this site; nothing was stored.`);
      const day = dayOf(now);
      if (prunedFor !== day) {
        prunedFor = day;
        const deleted = await store.pruneVitals(dayOf(now, config.retentionDays));
        if (deleted > 0) request.log.info(`retention: deleted ${deleted} field data row(s) older than ${config.retentionDays} days`);
      }
      await store.recordVitals(parsed.visit, day, { maxPages: config.maxPages, maxTargets: MAX_TARGETS });
      return reply.code(204).header('Cache-Control', 'no-store').send();
    });
  });
}
