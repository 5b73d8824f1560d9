import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { ajaxActions } from './actions';
import { buildServer } from './app';
import type { ServerConfig } from './config';
import { startProvider, type ProviderSetting } from './provider-sandbox/start';
import site from './site-entry';

/**
 * Starting the site, as `npm start`/`npm run serve` (main.ts) and `npm run dev`
 * (tooling/build/dev-server.ts) both do: the payment provider first (the sandbox beside the site
 * unless PROVIDER_URL names a real one), then the server pointed at it, so no page of either ever
 * sends a donation to the real provider by default.
 */
export interface StartedSite {
  app: FastifyInstance;
  provider: ProviderSetting;
}

export async function startSite(config: ServerConfig, env: NodeJS.ProcessEnv, options: { development?: boolean } = {}): Promise<StartedSite> {
  const provider = await startProvider(env, config.host);
  if (provider.sandbox) console.log(`provider sandbox listening on ${provider.url}`);
  try {
    const { app } = await buildServer(config, { site, actions: ajaxActions(site), providerUrl: provider.url, development: options.development });
    app.addHook('onClose', () => provider.close());
    return { app, provider };
  } catch (error) {
    await provider.close();
    throw error;
  }
}

/** How long a graceful shutdown waits for busy connections before closing them. */
export const SHUTDOWN_GRACE_MS = 5000;

/**
 * Cuts every connection still open: HTTP/1.1's own call, or, on HTTPS with HTTP/2 (TLS_CERT), which has
 * no such call, each TLS connection destroyed (HTTP/2 sessions and HTTP/1.1 alike).
 */
function connectionCutter(server: FastifyInstance['server']): () => void {
  if (typeof server.closeAllConnections === 'function') return () => server.closeAllConnections();
  const open = new Set<Socket>();
  server.on('secureConnection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return () => {
    for (const socket of open) socket.destroy();
  };
}

/** SIGTERM/SIGINT close the server (and what it started) gracefully, once, then exit. */
export function closeOnSignals(app: FastifyInstance): void {
  const cutConnections = connectionCutter(app.server);
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
      // In-flight requests get a grace period; a client that stalls past it is cut off.
      setTimeout(cutConnections, SHUTDOWN_GRACE_MS).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
