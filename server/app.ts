import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Http2SecureServer } from 'node:http2';
import { join } from 'node:path';
import { registerAjax, type AjaxHandler } from './ajax';
import { compressSmallAnswers } from './compress-answers';
import { builtHtmlSummary } from './html-manifest';
import type { ServerConfig, TlsFiles } from './config';
import type { SiteConfig } from '../runtime/site';
import servedSite from './site-entry';
import { siteConfigRoutes } from './site-config';
import { registerForms } from './forms/routes';
import { registerSearch } from './search/routes';
import { registerVitals } from './vitals/routes';
import { registerReports } from './reports/routes';
import { staticHeaders } from './static-headers';
import { registerMemoryAssets } from './static-memory';
import { watchRelease, type Release } from './release';
import { createSecurity } from './security';
import { protectDataDir } from './security/data-files';
import { openStore, type Store } from './store/db';
import { startMailOutbox } from './forms/mail';
import { openSiteStore } from './store/open';
import { StoreUnavailable, type SiteStore } from './store/site-store';
import { countStoreErrors, createMetrics, instrumentRequests, serveMetrics, type SiteMetrics } from './metrics';

/**
 * The site's HTTP server: the built site as static files (precompressed at build; hashed assets
 * cached for a year, pages revalidated: server/static-headers.ts), the ajax endpoint, /healthz and
 * the shared store (SQLite, or PostgreSQL with DATABASE_URL). Dynamic answers are compressed per
 * request; the search index is this instance's own (server/search/persist.ts).
 */
export const BODY_LIMIT_BYTES = 256 * 1024;
/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The published build the static files, the search index and the server's pages come from (release.ts). */
    siteRelease: Release;
  }
}

export interface SiteServer {
  app: FastifyInstance;
  /** This instance's SQLite file (DATA_DIR/site.db): with no DATABASE_URL, everything shared lives there too. */
  store: Store;
  /** What every instance shares: messages, subscribers, used verifiers, the rate budget, the mail outbox. */
  shared: SiteStore;
}

export interface BuildOptions {
  /** The site served (its forms, its contact address, its search results page); server/site-entry.ts's unless given. */
  site?: SiteConfig;
  /** Ajax actions by name; the feature issues add theirs in server/actions.ts. */
  actions?: Readonly<Record<string, AjaxHandler>>;
  /** The payment provider's base URL for /site-config.json (server/provider-sandbox/start.ts); null: each button's env host. */
  providerUrl?: string | null;
  /** `npm run dev` (tooling/build/dev.ts): the CSP lets Vite's inline preamble and HMR socket through. */
  development?: boolean;
}

/** The PEM files TLS_CERT and TLS_KEY name, read once at start; a file that cannot be read stops it, named. */
function readTls(files: TlsFiles): { cert: Buffer; key: Buffer } {
  const read = (name: 'TLS_CERT' | 'TLS_KEY', path: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new Error(`${name} '${path}' cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return { cert: read('TLS_CERT', files.cert), key: read('TLS_KEY', files.key) };
}

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<SiteServer> {
  // Issue 17: DATA_DIR 0700, site.db (and the -wal/-shm SQLite derives from it) 0600, whatever the umask.
  protectDataDir(config.dataDir);
  const store = openStore(config.dataDir);
  // Behind a load balancer, request.ip (the rate limit's client, the logs' remoteAddress) is the
  // visitor's address as the trusted proxies report it (TRUST_PROXY).
  const trust = config.trustProxy ?? false;
  const trustProxy = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
  const security = createSecurity(BODY_LIMIT_BYTES);
  let tls: ReturnType<typeof readTls> | undefined;
  try {
    tls = config.tls && readTls(config.tls);
  } catch (error) {
    store.close();
    throw error;
  }
  const serverOptions = {
    logger: config.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy,
    frameworkErrors: security.frameworkErrors,
    clientErrorHandler: security.clientErrorHandler,
  };
  // TLS_CERT/TLS_KEY: HTTPS, HTTP/2 for browsers (one connection, every request at once, where
  // HTTP/1.1 queues a page's requests on six: issue 35, goal 2), HTTP/1.1 for clients without it.
  // The routes see the same requests and replies either way (Fastify's HTTP/2 compatibility layer).
  const app = tls ? (Fastify({ ...serverOptions, http2: true, https: { ...tls, allowHTTP1: true } } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>) as unknown as FastifyInstance) : Fastify(serverOptions);
  // Issue 33: LOG=0 silences request logs, never a setting that fell back to its default.
  for (const warning of config.warnings ?? []) {
    if (config.logger === false) console.warn(`sitecharts warning: ${warning}`);
    else app.log.warn(warning);
  }
  let shared: SiteStore;
  try {
    shared = await openSiteStore(config.databaseUrl, store, (message) => app.log.warn(message));
  } catch (error) {
    store.close();
    throw error;
  }
  // Issue 33: /metrics on its own listener when METRICS_ADDRESS is set; nothing is counted otherwise.
  let metrics: SiteMetrics | undefined;
  if (config.metrics) {
    const opened = shared;
    metrics = createMetrics(() => opened.outboxCounts());
    shared = countStoreErrors(shared, metrics.storeErrors);
    instrumentRequests(app, metrics.registry);
  }
  const counted = metrics;
  const site = options.site ?? servedSite;
  const mailer = startMailOutbox(shared, process.env, site.email, (message) => app.log.warn(message), () => counted?.outboxFailures.inc());
  const metricsListener = metrics && config.metrics ? await serveMetrics(metrics.registry, config.metrics.host, config.metrics.port) : undefined;
  // One line, as the site's own "listening on": where an operator (or a test) scrapes.
  if (metricsListener) console.log(`sitecharts metrics at ${metricsListener.url}`);
  app.addHook('onClose', async () => {
    await metricsListener?.close();
    await mailer?.stop();
    await shared.close();
    store.close();
  });

  const release = watchRelease(config.staticDir);
  app.decorate('siteRelease', release);
  app.addHook('onClose', async () => release.close());
  // The CSP's inline-script hashes and the search index's pages: from the build's record, else every HTML file read once (server/html-manifest.ts).
  const builtHtml = builtHtmlSummary(config.staticDir, (message) => app.log.warn(message));
  await security.register(app, {
    staticDir: config.staticDir,
    scriptHashes: builtHtml.scriptHashes,
    providerUrl: options.providerUrl ?? null,
    development: options.development ?? false,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    env: process.env,
  });

  // Small answers (the live search's) in one synchronous call first; streams and large ones by the plugin.
  compressSmallAnswers(app, COMPRESS_THRESHOLD_BYTES);
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });

  // For the load balancer: 200 while the shared database answers, 503 with the reason while it does not.
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const { migrations } = await shared.health();
      return { status: 'ok', database: shared.engine, migrations };
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error;
      return reply.code(503).send({ status: 'unavailable', database: shared.engine, error: error.message });
    }
  });

  registerAjax(app, store, options.actions ?? {});
  await app.register(siteConfigRoutes, { providerUrl: options.providerUrl ?? null });
  await registerForms(app, shared, mailer, config, site.forms ?? {}, process.env, metrics);
  await registerSearch(app, config, site, builtHtml);
  await registerVitals(app, shared, config.vitals);
  await registerReports(app, shared, { config: config.reports, metrics, development: options.development ?? false });

  if (existsSync(config.staticDir)) {
    // Hashed assets from memory (server/static-memory.ts); the rest from disk below.
    registerMemoryAssets(app, config.staticDir);
    await app.register(fastifyStatic, {
      root: config.staticDir,
      // The route below serves: it names the release per request (release.ts).
      serve: false,
      redirect: true,
      index: ['index.html'],
      // Issue 49.8: nothing under a dot name (/.git/, /.env, /.name/) is served; it is a 404.
      dotfiles: 'ignore',
      cacheControl: false,
      // The .br and .gz files written at build (tooling/build/precompress.ts), sent as they are.
      preCompressed: true,
      setHeaders: staticHeaders(),
    });
    app.get('/*', (request, reply) => reply.sendFile(`/${(request.params as { '*': string })['*']}`, release.root()));
    const notFoundFile = join(config.staticDir, '404.html');
    app.setNotFoundHandler(async (request, reply) => {
      const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (wantsHtml && existsSync(notFoundFile)) {
        return reply.code(404).type('text/html; charset=utf-8').send(await readFile(notFoundFile));
      }
      return reply.code(404).type('text/plain; charset=utf-8').send(`Nothing at ${request.method} ${request.url}`);
    });
  } else {
    app.log.warn(`No built site at ${config.staticDir}: run npm run build (npm start does it for you).`);
  }
  return { app, store, shared };
}
