import { resolve } from 'node:path';

/** The server's settings: embedded defaults, each one overridable from the environment. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Where site.db lives (created on first start). */
  dataDir: string;
  /** The built site (dist/client). */
  staticDir: string;
  /** Log requests (pino); off in tests. */
  logger: boolean;
}

export const DEFAULTS = { host: '127.0.0.1', port: 4173, dataDir: './data', staticDir: './dist/client' } as const;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULTS.port : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got '${env.PORT}'`);
  }
  return {
    host: env.HOST || DEFAULTS.host,
    port,
    dataDir: resolve(cwd, env.DATA_DIR || DEFAULTS.dataDir),
    staticDir: resolve(cwd, env.STATIC_DIR || DEFAULTS.staticDir),
    logger: env.LOG !== '0',
  };
}
