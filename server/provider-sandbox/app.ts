import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { CHECKOUT_PATH, REMOTE_BUTTON_PATH, readTargetMeta } from '../../provider/donate/checkout-url';
import { renderSandboxPage, type SandboxPage } from './pages';
import { sandboxPlugins } from './plugins';

/**
 * The provider sandbox: a local stand-in for the payment provider on its own port, so its own
 * origin, as the real provider is to the site. Fakes live here and in tests only.
 */
export interface SandboxOptions {
  logger?: boolean;
}

function firstValues(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return values;
  for (const [name, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[name] = first;
  }
  return values;
}

/**
 * Issue 17: like a real provider, the checkout and the button may be framed only by the page that
 * asked for a frame (targetMeta: iframe or remote, from that page's own origin); a pop-up or a
 * redirect checkout may not be framed at all.
 */
export function framingOrigin(targetMeta: string | undefined): string {
  const target = readTargetMeta(targetMeta);
  return target && (target.target === 'iframe' || target.target === 'remote') ? target.origin : "'none'";
}

export async function buildProviderSandbox(options: SandboxOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const page = (kind: SandboxPage) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = firstValues(request.query);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', `frame-ancestors ${framingOrigin(query.targetMeta)}`)
      .send(renderSandboxPage(kind, query, `SANDBOX-${randomBytes(6).toString('hex').toUpperCase()}`));
  };

  app.get(CHECKOUT_PATH, page('checkout'));
  app.get(REMOTE_BUTTON_PATH, page('buttons'));
  app.get('/healthz', async () => ({ status: 'ok', sandbox: true }));
  for (const plugin of sandboxPlugins) await app.register(plugin);
  return app;
}
