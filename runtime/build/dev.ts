import { join } from 'node:path';
import { createServer as createVite } from 'vite';
import { contentDir } from '../../demo/authoring/content-dir';
import { ajaxActions } from '../../server/actions';
import { buildServer } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { PageAssets } from './Document';
import { renderInspectorPage } from './inspector-page';

/**
 * `npm run dev`: the real server (ajax, forms, store) with Vite in middleware mode. Pages are
 * rendered on each request from demo/render.tsx, so an edit shows on reload; client modules get HMR.
 */
const config = configFromEnv();
const vite = await createVite({ server: { middlewareMode: true }, appType: 'custom' });
// A saved content page reloads the browser: the pages are read again on that request.
const content = contentDir();
vite.watcher.add(content);
vite.watcher.on('all', (_event, file) => {
  if (file.startsWith(content) && file.endsWith('.md')) vite.ws.send({ type: 'full-reload' });
});
const { app } = await buildServer({ ...config, staticDir: join(config.dataDir, '.no-static-in-dev') }, { actions: ajaxActions, development: true });

// transformIndexHtml adds Vite's client and the React refresh preamble.
const devAssets: PageAssets = { entryScript: '/demo/client.ts', stylesheets: [] };

app.get('/__inspect/', async (request, reply) => {
  const html = renderInspectorPage({ entryScript: '/runtime/inspector-app/main.tsx', stylesheets: [] });
  return reply.type('text/html; charset=utf-8').send(await vite.transformIndexHtml(request.url, html));
});

app.get('/*', async (request, reply) => {
  const path = request.url.split('?')[0] ?? '/';
  const render = (await vite.ssrLoadModule('/demo/render.tsx')) as typeof import('../../demo/render');
  // The content pages are read again on every request, so a saved .md file shows on reload, and a
  // mistake in one shows in the browser as the build would report it.
  let site: import('../../demo/routes').Site;
  let routes: typeof import('../../demo/routes');
  try {
    routes = (await vite.ssrLoadModule('/demo/routes.tsx')) as typeof import('../../demo/routes');
    site = routes.loadSite();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ContentError') throw error;
    return reply.code(500).type('text/plain; charset=utf-8').send(error.message);
  }
  const { pages, menu } = site;
  const page = pages.find((p) => p.path === path || p.path === `${path}/`);
  if (!page) {
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      const notFound = render.renderPage(routes.notFoundPage, devAssets, menu).html;
      reply.raw.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFound);
    });
    return;
  }
  const html = await vite.transformIndexHtml(request.url, render.renderPage(page, devAssets, menu).html);
  return reply.type('text/html; charset=utf-8').send(html);
});

app.addHook('onClose', async () => vite.close());
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
const address = await app.listen({ host: config.host, port: config.port });
console.log(`sitecharts dev server on ${address}`);
