import { describe, expect, it } from 'vitest';
import { checkoutUrl, remoteButtonUrl } from '../../provider/donate/checkout-url';
import { MESSAGE_SOURCE } from '../../provider/donate/messages';
import { buildProviderSandbox } from './app';
import { sandboxPlugins } from './plugins';
import { startProvider } from './start';

const SITE = 'http://127.0.0.1:4173';

function configOf(html: string): unknown {
  const match = /<script type="application\/json" id="sandbox-config">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match?.[1] ?? 'null');
}

describe('provider sandbox /donate/', () => {
  it('shows the parameters it received, Complete and Cancel, and answers only the page origin', async () => {
    const app = await buildProviderSandbox();
    const url = new URL(
      checkoutUrl({
        base: 'http://sandbox.test',
        props: { hosted_button_id: 'HB-42', amount: '25', item_name: '<b>Care</b>', return: 'http://127.0.0.1:4173/thanks/' },
        origin: SITE,
        target: 'popup',
      }),
    );
    const reply = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain('<th scope="row">hosted_button_id</th><td>HB-42</td>');
    expect(reply.body).toContain('&lt;b&gt;Care&lt;/b&gt;');
    expect(reply.body).not.toContain('<b>Care</b>');
    expect(reply.body).toContain('Complete donation');
    expect(reply.body).toContain('>Cancel<');
    expect(configOf(reply.body)).toMatchObject({
      source: MESSAGE_SOURCE,
      target: { origin: SITE, target: 'popup' },
      returnUrl: 'http://127.0.0.1:4173/thanks/',
      donation: { st: 'Completed', amt: '25', hosted_button_id: 'HB-42', item_name: '<b>Care</b>' },
    });
    await app.close();
  });

  it('without a valid targetMeta it posts to nobody', async () => {
    const app = await buildProviderSandbox();
    const reply = await app.inject({ method: 'GET', url: '/donate/?targetMeta=bm90LWpzb24&return=javascript:alert(1)' });
    expect(configOf(reply.body)).toMatchObject({ target: null, returnUrl: null });
    await app.close();
  });

  it('may be framed only by the page that asked for a frame (issue 17)', async () => {
    const app = await buildProviderSandbox();
    const framing = async (target: 'popup' | 'iframe' | 'redirect') => {
      const url = new URL(checkoutUrl({ base: 'http://sandbox.test', props: {}, origin: SITE, target }));
      return (await app.inject({ method: 'GET', url: url.pathname + url.search })).headers['content-security-policy'];
    };
    expect(await framing('iframe')).toBe(`frame-ancestors ${SITE}`);
    expect(await framing('popup')).toBe("frame-ancestors 'none'");
    expect(await framing('redirect')).toBe("frame-ancestors 'none'");
    const remote = new URL(remoteButtonUrl({ base: 'http://sandbox.test', hostedButtonId: 'HB-9', origin: SITE }));
    expect((await app.inject({ method: 'GET', url: remote.pathname + remote.search })).headers['content-security-policy']).toBe(`frame-ancestors ${SITE}`);
    expect((await app.inject({ method: 'GET', url: '/donate/?targetMeta=bm90LWpzb24' })).headers['content-security-policy']).toBe("frame-ancestors 'none'");
    await app.close();
  });

  it('/donate/smart/buttons shows a Donate button in front of the same checkout', async () => {
    const app = await buildProviderSandbox();
    const url = new URL(remoteButtonUrl({ base: 'http://sandbox.test', hostedButtonId: 'HB-9', token: 'T', origin: SITE }));
    const reply = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('id="sandbox-donate"');
    expect(reply.body).toContain('<section id="sandbox-checkout" aria-labelledby="sandbox-title" hidden>');
    expect(configOf(reply.body)).toMatchObject({ target: { origin: SITE, target: 'remote' } });
    await app.close();
  });

  it('registers every plugin of plugins.ts', async () => {
    sandboxPlugins.push(async (app) => {
      app.get('/probe', async () => 'probe');
    });
    try {
      const app = await buildProviderSandbox();
      expect((await app.inject({ method: 'GET', url: '/probe' })).body).toBe('probe');
      await app.close();
    } finally {
      sandboxPlugins.pop();
    }
  });
});

describe('the one provider setting', () => {
  it('PROVIDER_URL names the real provider and starts no sandbox', async () => {
    const provider = await startProvider({ PROVIDER_URL: 'https://www.paypal.com/' }, '127.0.0.1');
    expect(provider.url).toBe('https://www.paypal.com');
    expect(provider.sandbox).toBeNull();
    await expect(startProvider({ PROVIDER_URL: 'ftp://x' }, '127.0.0.1')).rejects.toThrow(/PROVIDER_URL/);
  });

  it('otherwise the sandbox listens on PROVIDER_SANDBOX_PORT (0: a free port)', async () => {
    const provider = await startProvider({ PROVIDER_SANDBOX_PORT: '0', LOG: '0' }, '127.0.0.1');
    expect(provider.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const reply = await fetch(`${provider.url}/healthz`);
    expect(await reply.json()).toEqual({ status: 'ok', sandbox: true });
    await provider.close();
    await expect(startProvider({ PROVIDER_SANDBOX_PORT: 'x' }, '127.0.0.1')).rejects.toThrow(/PROVIDER_SANDBOX_PORT/);
  });
});
