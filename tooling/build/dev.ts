import { configFromEnv } from '../../server/config';
import { failInOneLine } from '../../server/one-line';
import { closeOnSignals } from '../../server/start';
import { devTimeline, startDevServer } from './dev-server';

const mark = devTimeline();
mark('dev.ts running (its imports loaded)');

/**
 * `npm run dev`: the real site (every page, search, forms, the provider sandbox) with live sources
 * (dev-server.ts). HOST, PORT, DATA_DIR, PROVIDER_URL and PROVIDER_SANDBOX_PORT as for `npm start`.
 */
const { config, address } = await (async () => {
  const config = configFromEnv();
  const dev = await startDevServer({ config });
  closeOnSignals(dev.app);
  const address = await dev.app.listen({ host: config.host, port: config.port });
  mark('listening');
  return { config, address };
})().catch((error: unknown) => failInOneLine('dev', error));
// One plain line, as `npm start` prints, that scripts (and tests/dev-server.test.ts) read.
console.log(`sitecharts dev server listening on ${address} (pages re-render on change; data in ${config.dataDir})`);
