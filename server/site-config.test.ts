import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readTargetMeta } from '../provider/donate/checkout-url';
import { siteConfigRoutes } from './site-config';

async function appWith(providerUrl: string | null) {
  const app = Fastify();
  await app.register(siteConfigRoutes, { providerUrl });
  return app;
}

describe('GET /site-config.json', () => {
  it('names the provider the pages use, uncached', async () => {
    const app = await appWith('http://127.0.0.1:4174');
    const reply = await app.inject({ method: 'GET', url: '/site-config.json' });
    expect(reply.json()).toEqual({ provider: { url: 'http://127.0.0.1:4174' } });
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /donate/checkout (the button without JS)', () => {
  it('redirects to the provider checkout with the §3 props and a redirect targetMeta', async () => {
    const app = await appWith('http://127.0.0.1:4174');
    const reply = await app.inject({ method: 'GET', url: '/donate/checkout?hosted_button_id=HB-42&env=production&junk=1', headers: { host: 'site.test' } });
    expect(reply.statusCode).toBe(302);
    const target = new URL(reply.headers.location ?? '');
    expect(target.origin + target.pathname).toBe('http://127.0.0.1:4174/donate/');
    expect(target.searchParams.get('hosted_button_id')).toBe('HB-42');
    expect(target.searchParams.has('junk')).toBe(false);
    expect(readTargetMeta(target.searchParams.get('targetMeta') ?? undefined)).toEqual({ origin: 'http://site.test', target: 'redirect' });
  });

  it('never redirects to a baseUrl named in the link; without a provider setting it uses the env host', async () => {
    const app = await appWith(null);
    const reply = await app.inject({ method: 'GET', url: '/donate/checkout?baseUrl=https://evil.example&env=sandbox' });
    expect(reply.headers.location).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/donate\/\?/);
  });
});
