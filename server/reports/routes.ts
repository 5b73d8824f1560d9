import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { DEV_BUILD, MAX_REPORT_BODY_BYTES, MAX_SCENARIO_GZIP_BYTES, REPORT_PATH, parseReport } from '../../runtime/report/report.rules';
import { REPORTS_DEFAULTS, type ReportsConfig } from '../config';
import { RATE_WINDOW_MS, formRateLimit } from '../forms/routes';
import type { SiteMetrics } from '../metrics';
import { PLAIN } from '../security/error-answers';
import type { SiteStore } from '../store/site-store';
import { dayOf, isSitePage } from '../vitals/routes';
import { knownBuildIds } from './build-id';
import { reportFile } from './report-file';

/**
 * Issue 51: POST /reports takes a visitor's problem report (runtime/report/send.ts, sent only when
 * the visitor presses Send), re-checks it with the page's own rules and stores it. Off unless
 * REPORTS=on. Nothing about the visitor is kept but what the report says: no cookie is read or
 * set, no address or user agent stored; the forms' rate limit counts a keyed hash of the address,
 * forgotten with the window. Cross-site posts are refused by the site's guard before this route
 * (server/security/cross-site.ts). Every refusal is a 4xx with a sentence and stores nothing.
 *
 * GET /reports/<id> hands one report (JSON) to the operator: with `Authorization: Bearer
 * <REPORTS_TOKEN>`, or to anyone under `npm run dev`, whose inspector loads it.
 */
export const REPORTS_TOKEN_ENV = 'REPORTS_TOKEN';

export interface ReportRouteOptions {
  config?: ReportsConfig;
  metrics?: SiteMetrics;
  env?: NodeJS.ProcessEnv;
  /** `npm run dev`: pages carry no build id ('dev'), and a report is read without the token. */
  development?: boolean;
}

const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).type(PLAIN).header('Cache-Control', 'no-store').send(message);

export async function registerReports(app: FastifyInstance, store: SiteStore, { config = { enabled: false, ...REPORTS_DEFAULTS }, metrics, env = process.env, development = false }: ReportRouteOptions = {}) {
  const limit = formRateLimit(env);
  // The rate budget is counted under a hash of the address keyed by a secret of this process's:
  // the store never holds the address (the key is never stored, so the hash cannot be reversed).
  const key = randomBytes(32);
  const clientOf = (request: FastifyRequest) => `report:${createHmac('sha256', key).update(request.ip).digest('base64url').slice(0, 22)}`;
  const token = (env[REPORTS_TOKEN_ENV] ?? '').trim();
  let builds = { root: '', ids: new Set<string>() };
  const buildIds = () => {
    const root = app.siteRelease.root();
    if (builds.root !== root) builds = { root, ids: knownBuildIds(root) };
    return builds.ids;
  };
  let prunedFor = '';
  const counted = (result: string) => metrics?.problemReports.inc({ result });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_REPORT_BODY_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        counted('refused');
        return refuse(reply, 413, `A problem report is at most ${MAX_REPORT_BODY_BYTES / 1024} KB; nothing was stored.`);
      }
      throw error; // the site's own answers (server/security/error-answers.ts)
    });

    scope.post(REPORT_PATH, async (request, reply) => {
      if (!config.enabled) return refuse(reply, 404, 'Problem reports are turned off on this site (REPORTS=off); nothing was stored.');
      const refused = (status: number, message: string) => {
        counted('refused');
        return refuse(reply, status, message);
      };
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') return refused(415, 'Send a problem report as application/json.');
      let body: unknown;
      try {
        body = JSON.parse(String(request.body));
      } catch {
        return refused(400, 'A problem report is JSON, and this is not; nothing was stored.');
      }
      const now = Date.now();
      const wait = await store.hitRateLimit(clientOf(request), now, limit, RATE_WINDOW_MS);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        return refused(429, `Too many reports from this address; nothing was stored. Try again in ${wait} s.`);
      }
      const parsed = parseReport(body);
      if (!parsed.ok) return refused(400, `${parsed.error} Nothing was stored.`);
      const { report } = parsed;
      const buildKnown = report.build === DEV_BUILD ? development : buildIds().has(report.build);
      if (!buildKnown) return refused(422, `'${report.build}' is not a build of this site; nothing was stored.`);
      if (!isSitePage(app.siteRelease.root(), report.page)) return refused(422, `'${report.page.slice(0, 80)}' is not a page of this site; nothing was stored.`);
      const scenario = JSON.stringify(report.scenario);
      const size = gzipSync(scenario).length;
      if (size > MAX_SCENARIO_GZIP_BYTES) return refused(413, `The recording is ${Math.ceil(size / 1024)} KB gzipped; a report's is at most ${MAX_SCENARIO_GZIP_BYTES / 1024} KB. Nothing was stored.`);
      const day = dayOf(now);
      if (prunedFor !== day) {
        prunedFor = day;
        const deleted = await store.pruneReports(new Date(now - config.retentionDays * 24 * 60 * 60 * 1000));
        if (deleted > 0) request.log.info(`retention: deleted ${deleted} problem report(s) older than ${config.retentionDays} days`);
      }
      const stored = await store.storeReport(
        { page: report.page, words: report.words, build: report.build, viewportWidth: report.viewport.width, viewportHeight: report.viewport.height, device: report.device, scenario },
        config.maxStored,
      );
      if (!stored.ok) return refused(429, `This site keeps at most ${config.maxStored} problem reports and has them all; nothing was stored. Please write to us instead.`);
      counted('stored');
      return reply.code(201).header('Cache-Control', 'no-store').send({ id: stored.id });
    });

    scope.get(`${REPORT_PATH}/:id`, async (request, reply) => {
      if (!development && !(token !== '' && bearerMatches(request.headers.authorization, token)))
        return refuse(reply.header('WWW-Authenticate', 'Bearer'), 401, `Reading a problem report needs the operator's token (Authorization: Bearer <${REPORTS_TOKEN_ENV}>).`);
      const id = Number((request.params as { id: string }).id);
      const row = Number.isSafeInteger(id) && id > 0 ? await store.report(id) : undefined;
      if (!row) return refuse(reply, 404, `No problem report ${String((request.params as { id: string }).id).slice(0, 20)}.`);
      return reply.header('Cache-Control', 'no-store').send(reportFile(row));
    });
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from((header ?? '').replace(/^Bearer\s+/i, '').trim());
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
