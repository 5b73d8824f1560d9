import { ajaxActions } from './actions';
import { buildServer } from './app';
import { configFromEnv } from './config';

/** `npm start` / `npm run serve`: the real server with the embedded defaults (HOST, PORT, DATA_DIR to change). */
const config = configFromEnv();
const { app } = await buildServer(config, { actions: ajaxActions });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
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
console.log(`sitecharts listening on ${address} (data in ${config.dataDir})`);
