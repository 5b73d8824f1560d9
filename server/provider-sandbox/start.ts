import type { FastifyInstance } from 'fastify';
import { buildProviderSandbox } from './app';

/**
 * Which payment provider the site uses, from one setting: PROVIDER_URL. Unset, the sandbox starts
 * beside the site (PROVIDER_SANDBOX_PORT, default 4174; 0 picks a free port) and the site points
 * at it. Set to the real provider's address (e.g. https://www.paypal.com), no sandbox starts.
 */
export const PROVIDER_SANDBOX_DEFAULT_PORT = 4174;

export interface ProviderSetting {
  /** The provider's base URL as the site's pages will use it. */
  url: string;
  sandbox: FastifyInstance | null;
  close(): Promise<void>;
}

export async function startProvider(env: NodeJS.ProcessEnv, host: string): Promise<ProviderSetting> {
  const configured = env.PROVIDER_URL?.trim();
  if (configured) {
    let url: URL;
    try {
      url = new URL(configured);
    } catch {
      throw new Error(`PROVIDER_URL must be an http(s) address, got '${configured}'`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PROVIDER_URL must be an http(s) address, got '${configured}'`);
    return { url: url.toString().replace(/\/$/, ''), sandbox: null, close: async () => undefined };
  }
  const rawPort = env.PROVIDER_SANDBOX_PORT;
  const port = rawPort === undefined || rawPort === '' ? PROVIDER_SANDBOX_DEFAULT_PORT : Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PROVIDER_SANDBOX_PORT must be a whole number from 0 to 65535, got '${rawPort}'`);
  }
  const sandbox = await buildProviderSandbox({ logger: env.LOG !== '0' });
  const url = await sandbox.listen({ host, port });
  return { url, sandbox, close: () => sandbox.close() };
}
