import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registerAjax, type AjaxHandler } from './ajax';
import type { ServerConfig } from './config';
import { siteConfigRoutes } from './site-config';
import { registerForms } from './forms/routes';
import { registerSearch } from './search/routes';
import { createSecurity } from './security';
import { protectDataDir } from './security/data-files';
import { openStore, type Store } from './store/db';

/**
 * The site's HTTP server: the built site as static files (compressed; hashed assets cached for a
 * year, pages revalidated), the ajax endpoint, /healthz, and the SQLite store.
 */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface SiteServer {
  app: FastifyInstance;
  store: Store;
}

export interface BuildOptions {
  /** Ajax actions by name; the feature issues add theirs in server/actions.ts. */
  actions?: Readonly<Record<string, AjaxHandler>>;
  /** The payment provider's base URL for /site-config.json (server/provider-sandbox/start.ts); null: each button's env host. */
  providerUrl?: string | null;
  /** `npm run dev` (runtime/build/dev.ts): the CSP lets Vite's inline preamble and HMR socket through. */
  development?: boolean;
}

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<SiteServer> {
  // Issue 17: DATA_DIR 0700, site.db (and the -wal/-shm SQLite derives from it) 0600, whatever the umask.
  protectDataDir(config.dataDir);
  const store = openStore(config.dataDir);
  const security = createSecurity(BODY_LIMIT_BYTES);
  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    frameworkErrors: security.frameworkErrors,
    clientErrorHandler: security.clientErrorHandler,
  });
  app.addHook('onClose', async () => store.close());

  await security.register(app, {
    staticDir: config.staticDir,
    providerUrl: options.providerUrl ?? null,
    development: options.development ?? false,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    env: process.env,
  });

  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });

  app.get('/healthz', async () => {
    const row = store.prepare('SELECT COUNT(*) AS n FROM schema_migration').get() as { n: number };
    return { status: 'ok', migrations: row.n };
  });

  registerAjax(app, store, options.actions ?? {});
  await app.register(siteConfigRoutes, { providerUrl: options.providerUrl ?? null });
  await registerForms(app, store, config);
  await registerSearch(app, store, config);

  if (existsSync(config.staticDir)) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      redirect: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(config.staticDir, 'assets')}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
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
  return { app, store };
}
