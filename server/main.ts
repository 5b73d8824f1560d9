import { configFromEnv } from './config';
import { failInOneLine } from './one-line';
import { closeOnSignals, startSite } from './start';

/** `npm start` / `npm run serve`: the real server with the embedded defaults (HOST, PORT, DATA_DIR, DATABASE_URL, TRUST_PROXY to change). */
const { config, address } = await (async () => {
  const config = configFromEnv();
  const { app } = await startSite(config, process.env);
  closeOnSignals(app);
  return { config, address: await app.listen({ host: config.host, port: config.port }) };
})().catch((error: unknown) => failInOneLine('sitecharts', error));
// One plain line that scripts (and the e2e harness) read to find the address.
const where = config.databaseUrl ? `data in PostgreSQL, search index in ${config.dataDir}` : `data in ${config.dataDir}`;
console.log(`sitecharts listening on ${address} (${where})`);
