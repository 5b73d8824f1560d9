import type { FastifyPluginAsync } from 'fastify';
import { checkoutUrl, pickDonateProps, resolveProviderBase } from '../provider/donate/checkout-url';

/**
 * What the prerendered pages learn at run time: GET /site-config.json names the payment provider
 * (the sandbox by default, PROVIDER_URL otherwise). GET /donate/checkout is the donate button's
 * no-JS path: it redirects to the provider's checkout with the §3 props of its query string.
 */
export interface SiteConfigOptions {
  /** The provider's base URL; null means each button's env host. */
  providerUrl: string | null;
}

export interface SiteConfig {
  provider: { url: string | null };
}

export const siteConfigRoutes: FastifyPluginAsync<SiteConfigOptions> = async (app, options) => {
  const config: SiteConfig = { provider: { url: options.providerUrl } };

  app.get('/site-config.json', async (_request, reply) => reply.header('Cache-Control', 'no-store').send(config));

  app.get('/donate/checkout', async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries(request.query as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const props = pickDonateProps(query);
    // baseUrl is never taken from the query: this route must not redirect to any address a link names.
    delete props.baseUrl;
    const base = resolveProviderBase({ providerUrl: options.providerUrl, env: props.env });
    const origin = `${request.protocol}://${request.host}`;
    return reply.redirect(checkoutUrl({ base, props, origin, target: 'redirect' }), 302);
  });
};
