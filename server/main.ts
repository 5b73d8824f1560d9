import { ajaxActions } from './actions';
import { buildServer } from './app';
import { configFromEnv } from './config';
import { startProvider } from './provider-sandbox/start';

/** `npm start` / `npm run serve`: the real server with the embedded defaults (HOST, PORT, DATA_DIR, DATABASE_URL, TRUST_PROXY to change). */
const config = configFromEnv();
// The payment provider: the sandbox beside the site unless PROVIDER_URL names a real one.
const provider = await startProvider(process.env, config.host);
if (provider.sandbox) console.log(`provider sandbox listening on ${provider.url}`);
const { app } = await buildServer(config, { actions: ajaxActions, providerUrl: provider.url });
app.addHook('onClose', () => provider.close());

/** How long a graceful shutdown waits for busy connections before closing them. */
const SHUTDOWN_GRACE_MS = 5000;

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // In-flight requests get a grace period; a client that stalls past it is cut off.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

const address = await app.listen({ host: config.host, port: config.port });
// One plain line that scripts (and the e2e harness) read to find the address.
const where = config.databaseUrl ? `data in PostgreSQL, search index in ${config.dataDir}` : `data in ${config.dataDir}`;
console.log(`sitecharts listening on ${address} (${where})`);
