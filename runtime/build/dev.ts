import { configFromEnv } from '../../server/config';
import { closeOnSignals } from '../../server/start';
import { startDevServer } from './dev-server';

/**
 * `npm run dev`: the real site (every page, search, forms, the provider sandbox) with live sources
 * (dev-server.ts). HOST, PORT, DATA_DIR, PROVIDER_URL and PROVIDER_SANDBOX_PORT as for `npm start`.
 */
const config = configFromEnv();
const dev = await startDevServer({ config });
closeOnSignals(dev.app);
const address = await dev.app.listen({ host: config.host, port: config.port });
// One plain line, as `npm start` prints, that scripts (and tests/dev-server.test.ts) read.
console.log(`sitecharts dev server listening on ${address} (pages re-render on change; data in ${config.dataDir})`);
