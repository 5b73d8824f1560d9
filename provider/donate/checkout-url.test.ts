import { describe, expect, it } from 'vitest';
import {
  DONATE_PROPS,
  PROVIDER_HOSTS,
  checkoutUrl,
  decodeMeta,
  encodeMeta,
  pickDonateProps,
  providerOrigin,
  readTargetMeta,
  remoteButtonUrl,
  resolveProviderBase,
  type DonateProps,
} from './checkout-url';

const ORIGIN = 'https://harbourlight.example';

describe('§3/§7 the donation checkout URL', () => {
  it('sends every §3 prop that is set as a query parameter, except baseUrl which is the base', () => {
    const props = Object.fromEntries(DONATE_PROPS.map((name, index) => [name, `${name}-value ${index}&?`])) as DonateProps;
    const url = new URL(checkoutUrl({ base: 'https://provider.example', props, origin: ORIGIN, target: 'popup' }));
    expect(url.origin + url.pathname).toBe('https://provider.example/donate/');
    for (const [index, name] of DONATE_PROPS.entries()) {
      if (name === 'baseUrl') expect(url.searchParams.has('baseUrl')).toBe(false);
      else expect(url.searchParams.get(name)).toBe(`${name}-value ${index}&?`);
    }
    expect([...url.searchParams.keys()]).toHaveLength(DONATE_PROPS.length - 1 + 2);
  });

  it.each(DONATE_PROPS.filter((name) => name !== 'baseUrl'))('%s alone becomes one query parameter', (name) => {
    const url = new URL(checkoutUrl({ base: 'https://p.example', props: { [name]: 'x' }, origin: ORIGIN, target: 'popup' }));
    expect([...url.searchParams.keys()].sort()).toEqual([name, 'sdkMeta', 'targetMeta'].sort());
  });

  it('leaves unset and empty props out', () => {
    const url = new URL(checkoutUrl({ base: 'https://p.example', props: { amount: '', hosted_button_id: 'HB1' }, origin: ORIGIN, target: 'popup' }));
    expect(url.searchParams.has('amount')).toBe(false);
    expect(url.searchParams.get('hosted_button_id')).toBe('HB1');
  });

  it('adds sdkMeta and a targetMeta that names the page origin and how the checkout is shown', () => {
    for (const target of ['popup', 'iframe', 'redirect'] as const) {
      const url = new URL(checkoutUrl({ base: 'https://p.example/', props: {}, origin: ORIGIN, target }));
      expect(decodeMeta(url.searchParams.get('sdkMeta') ?? '')).toEqual({ name: 'sitecharts-donate', version: '1' });
      expect(readTargetMeta(url.searchParams.get('targetMeta') ?? undefined)).toEqual({ origin: ORIGIN, target });
    }
  });

  it('keeps a base URL with a path and no double slash', () => {
    expect(checkoutUrl({ base: 'http://127.0.0.1:4174/sub/', props: {}, origin: ORIGIN, target: 'popup' })).toMatch(/^http:\/\/127\.0\.0\.1:4174\/sub\/donate\/\?/);
  });

  it('the remote button loads /donate/smart/buttons with hosted_button_id, token, sdkMeta and targetMeta', () => {
    const url = new URL(remoteButtonUrl({ base: 'https://p.example', hostedButtonId: 'HB9', token: 'T1', origin: ORIGIN }));
    expect(url.pathname).toBe('/donate/smart/buttons');
    expect(url.searchParams.get('hosted_button_id')).toBe('HB9');
    expect(url.searchParams.get('token')).toBe('T1');
    expect(readTargetMeta(url.searchParams.get('targetMeta') ?? undefined)).toEqual({ origin: ORIGIN, target: 'remote' });
    expect(url.searchParams.has('sdkMeta')).toBe(true);
  });
});

describe('the checkout base', () => {
  it("is the caller's baseUrl first, then the configured provider, then the env host", () => {
    expect(resolveProviderBase({ baseUrl: 'https://mine.example/', providerUrl: 'http://127.0.0.1:4174', env: 'sandbox' })).toBe('https://mine.example');
    expect(resolveProviderBase({ providerUrl: 'http://127.0.0.1:4174', env: 'sandbox' })).toBe('http://127.0.0.1:4174');
    expect(resolveProviderBase({ env: 'sandbox' })).toBe(PROVIDER_HOSTS.sandbox);
    expect(resolveProviderBase({ env: 'production' })).toBe(PROVIDER_HOSTS.production);
    expect(resolveProviderBase({ env: 'elsewhere', providerUrl: null })).toBe(PROVIDER_HOSTS.production);
  });

  it('the trusted origin is the base’s origin', () => {
    expect(providerOrigin('http://127.0.0.1:4174/sub')).toBe('http://127.0.0.1:4174');
  });
});

describe('meta encoding', () => {
  it('round-trips UTF-8 and is query-safe', () => {
    const text = encodeMeta({ name: 'Spende für Kinder ✓' });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeMeta(text)).toEqual({ name: 'Spende für Kinder ✓' });
  });

  it('rejects a targetMeta that is not an http(s) origin or names an unknown target', () => {
    expect(readTargetMeta(encodeMeta({ origin: 'javascript:alert(1)', target: 'popup' }))).toBeUndefined();
    expect(readTargetMeta(encodeMeta({ origin: 'https://a.example/path', target: 'popup' }))).toBeUndefined();
    expect(readTargetMeta(encodeMeta({ origin: 'https://a.example', target: 'window' }))).toBeUndefined();
    expect(readTargetMeta('%%%')).toBeUndefined();
    expect(readTargetMeta(undefined)).toBeUndefined();
  });

  it('pickDonateProps keeps only §3 props', () => {
    expect(pickDonateProps({ amount: '5', evil: 'x', email: '' })).toEqual({ amount: '5' });
  });
});
