import { describe, expect, it, vi } from 'vitest';
import { findSdkScript, readSdkConfig, tryReadSdkConfig, type ScriptLike } from './config';
import { BUTTON_ACTIONS, CARD_BRANDS, ENVIRONMENTS, INTENTS, PAGE_TYPES, PLATFORMS, SANDBOX_CLIENT_ID, SDK_DATA_ATTRIBUTES, SDK_QUERY_KEYS } from './constants';
import { MESSAGES } from './errors';
import { parseQuery } from './query';

const BASE = 'https://www.paypal.com/sdk/js';

function script(src: string | null, data: Record<string, string> = {}): ScriptLike {
  const attributes: Record<string, string> = { ...data };
  if (src !== null) attributes.src = src;
  return {
    getAttribute: (name) => attributes[name] ?? null,
    hasAttribute: (name) => name in attributes,
  };
}

const read = (query: string, data: Record<string, string> = {}) => readSdkConfig(script(`${BASE}?${query}`, data));
const errorOf = (query: string, data: Record<string, string> = {}) => {
  const result = tryReadSdkConfig(script(`${BASE}?${query}`, data));
  return result.ok ? undefined : result.error;
};

describe('finding the SDK script (§8)', () => {
  it('says the script is missing when the page has none', () => {
    expect(() => findSdkScript({ root: { querySelector: () => null } })).toThrow(MESSAGES.scriptNotFound);
    expect(MESSAGES.scriptNotFound).toBe('Payments SDK script not found on page! Expected to find <script src=...>');
  });

  it('says the src is missing when the script has none', () => {
    expect(() => findSdkScript({ currentScript: script(null) })).toThrow('Can not find src for sdk script');
    expect(() => findSdkScript({ currentScript: script('') })).toThrow('Can not find src for sdk script');
  });

  it('prefers the current script, else asks the root with the SDK selector', () => {
    const current = script(`${BASE}?client-id=a`);
    expect(findSdkScript({ currentScript: current })).toBe(current);
    const seen: string[] = [];
    const found = script(`${BASE}?client-id=b`);
    expect(findSdkScript({ root: { querySelector: (selector) => (seen.push(selector), found) } })).toBe(found);
    expect(seen[0]).toContain('script[src*="/sdk/js"]');
  });
});

describe('query parsing (reference notes)', () => {
  it.each([
    ['a=1&b=2', { a: '1', b: '2' }],
    ['a=1=2', { a: '1' }],
    ['a=&=b&c', {}],
    ['a=1&a=2', { a: '2' }],
    // '+' is kept: the provider decodes with decodeURIComponent only (issue 20, item 17).
    ['?x=hello%20world&y=a+b', { x: 'hello world', y: 'a+b' }],
    ['locale=en_US&v=5.0.0+build.1', { locale: 'en_US', v: '5.0.0+build.1' }],
  ])('%s', (query, expected) => {
    expect(parseQuery(query)).toEqual(expected);
  });
});

describe('script config defaults (§5)', () => {
  it('intent capture, currency USD, vault false, commit true', () => {
    const { query } = read('client-id=abc');
    expect(query).toMatchObject({ intent: 'capture', currency: 'USD', vault: false, commit: true, clientId: 'abc', merchantIds: [] });
  });

  it.each([
    ['authorize', false],
    ['order', false],
    ['tokenize', false],
    ['subscription', false],
    ['capture', true],
  ])('commit defaults to %s -> %s', (intent, commit) => {
    expect(read(`client-id=abc&intent=${intent}`).query.commit).toBe(commit);
  });

  it('an explicit commit wins, and booleans are true only for "true"', () => {
    expect(read('client-id=abc&intent=authorize&commit=true').query.commit).toBe(true);
    expect(read('client-id=abc&commit=false').query.commit).toBe(false);
    expect(read('client-id=abc&vault=yes').query.vault).toBe(false);
    expect(read('client-id=abc&vault=true&debug=true').query).toMatchObject({ vault: true, debug: true });
  });

  it('reads every query key of §3', () => {
    const { query } = read(
      'components=buttons,hosted-fields&env=sandbox&debug=true&cachebust=true&client-id=abc&merchant-id=M1,M2&locale=fr_FR&currency=eur&intent=Authorize&commit=false&vault=true&buyer-country=FR&enable-funding=venmo,paylater&disable-funding=card&disable-card=visa,amex&integration-date=2024-01-01&stage-host=stage.example&stage-alias=alias&cdn-registry=reg&version=5.0.1',
    );
    expect(query).toEqual({
      components: ['buttons', 'hosted-fields'],
      env: 'sandbox',
      debug: true,
      cachebust: true,
      clientId: 'abc',
      merchantIds: ['M1', 'M2'],
      locale: 'fr_FR',
      currency: 'EUR',
      intent: 'authorize',
      commit: false,
      vault: true,
      buyerCountry: 'FR',
      enableFunding: ['venmo', 'paylater'],
      disableFunding: ['card'],
      disableCard: ['visa', 'amex'],
      integrationDate: '2024-01-01',
      stageHost: 'stage.example',
      stageAlias: 'alias',
      cdnRegistry: 'reg',
      version: '5.0.1',
    });
    expect(Object.keys(query)).toHaveLength(SDK_QUERY_KEYS.length);
  });

  it('reads every data attribute of §3', () => {
    const data = {
      'data-amount': '10.00',
      'data-client-token': 'ct',
      'data-sdk-client-token': 'sdk',
      'data-merchant-id': 'X',
      'data-namespace': 'myPay',
      'data-page-type': 'Checkout',
      'data-partner-attribution-id': 'BN-1',
      'data-popups-disabled': 'true',
      'data-csp-nonce': 'n0nce',
      'data-enable-3ds': '',
      'data-js-sdk-library': 'react',
      'data-sdk-integration-source': 'src',
      'data-shopper-session-id': 'shop',
      'data-user-experience-flow': 'flow',
      'data-client-metadata-id': 'cmid',
      'data-api-stage-host': 'api.stage',
      'data-stage-host': 'stage',
    };
    expect(read('client-id=abc', data).data).toEqual({
      amount: '10.00',
      clientToken: 'ct',
      sdkClientToken: 'sdk',
      userIdToken: 'sdk',
      merchantIds: ['X'],
      namespace: 'myPay',
      pageType: 'checkout',
      partnerAttributionId: 'BN-1',
      popupsDisabled: true,
      cspNonce: 'n0nce',
      enable3ds: true,
      jsSdkLibrary: 'react',
      sdkIntegrationSource: 'src',
      shopperSessionId: 'shop',
      userExperienceFlow: 'flow',
      clientMetadataId: 'cmid',
      apiStageHost: 'api.stage',
      stageHost: 'stage',
    });
    const userId = read('client-id=abc', { 'data-user-id-token': 'idt' }).data;
    expect(userId.userIdToken).toBe('idt');
    expect(SDK_DATA_ATTRIBUTES).toHaveLength(18);
  });

  it('an empty data attribute counts as absent; data-enable-3ds counts when present at all', () => {
    const { data } = read('client-id=abc', { 'data-namespace': '', 'data-amount': '', 'data-page-type': '' });
    expect(data).toEqual({ merchantIds: [], pageType: '', popupsDisabled: false, enable3ds: false });
    expect(read('client-id=abc', { 'data-enable-3ds': 'false' }).data.enable3ds).toBe(true);
  });

  it('values outside their enumeration fall back with a warning, never a throw', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const config = read('client-id=abc&intent=steal&env=mars&disable-card=visa,bogus');
    expect(config.query).toMatchObject({ intent: 'capture', env: 'production', disableCard: ['visa'] });
    expect(config.warnings).toHaveLength(3);
    // By default each one is also printed, once (docs/design.md invariant 5).
    expect(warn.mock.calls.map(([message]) => message)).toEqual(config.warnings);
    warn.mockRestore();
  });

  it('a disable-card value outside the card list is dropped with one warning each, never silently (issue 20, item 17)', () => {
    const warned: string[] = [];
    const config = readSdkConfig(script(`${BASE}?client-id=abc&disable-card=visa,bogus,AMEX`), { warn: (message) => warned.push(message) });
    expect(config.query.disableCard).toEqual(['visa']);
    expect(warned).toEqual([
      `disable-card 'bogus' is not one of ${CARD_BRANDS.join(', ')}`,
      `disable-card 'AMEX' is not one of ${CARD_BRANDS.join(', ')}`,
    ]);
    expect(config.warnings).toEqual(warned);
  });

  // Kept decision, not the original (docs/sdk.md, "Where the client differs from the provider's code"):
  // paypal/paypal-sdk-client src/script.js getDisableCard keeps 'paypal' (its script.test.js case "getDisableCard
  // should return a valid array when disable-card is configure" expects ['paypal']); this client drops it and warns.
  it('decision, not the original: disable-card=paypal is dropped with its one warning (issue 34)', () => {
    const warned: string[] = [];
    const config = readSdkConfig(script(`${BASE}?client-id=abc&disable-card=paypal`), { warn: (message) => warned.push(message) });
    expect(config.query.disableCard).toEqual([]);
    expect(warned).toEqual([`disable-card 'paypal' is not one of ${CARD_BRANDS.join(', ')}`]);
  });

  it('env follows the host when not given', () => {
    expect(readSdkConfig(script('https://www.sandbox.paypal.com/sdk/js?client-id=abc')).query.env).toBe('sandbox');
  });
});

describe('§5 rules with their exact messages', () => {
  it('client-id is required', () => {
    expect(errorOf('currency=USD')).toBe('Expected client-id parameter in sdk url');
    expect(errorOf('client-id=')).toBe('Expected client-id parameter in sdk url');
  });

  it.each(['sandbox', 'sb', 'test'])('the alias %s maps to the sandbox client id', (alias) => {
    expect(read(`client-id=${alias}`).query.clientId).toBe(SANDBOX_CLIENT_ID);
  });

  it('the aliases are case-sensitive', () => {
    expect(read('client-id=SB').query.clientId).toBe('SB');
  });

  it.each([
    [undefined, 'Must pass data-merchant-id when merchant-id=* passed in url'],
    ['', 'Must pass data-merchant-id when merchant-id=* passed in url'],
    ['ONE', 'Must pass multiple merchant ids to data-merchant-id. If passing a single id, pass merchant-id=XYZ in url'],
    ['A,A', 'Duplicates data-merchant-id. Must pass unique merchant ids to data-merchant-id.'],
    ['A,B,A', 'Duplicates data-merchant-id. Must pass unique merchant ids to data-merchant-id.'],
  ])('merchant-id=* with data-merchant-id %j', (ids, message) => {
    expect(errorOf('client-id=abc&merchant-id=*', ids === undefined ? {} : { 'data-merchant-id': ids })).toBe(message);
  });

  it('merchant-id=* with two unique ids gives both', () => {
    expect(read('client-id=abc&merchant-id=*', { 'data-merchant-id': 'A,B' }).query.merchantIds).toEqual(['A', 'B']);
  });

  it.each([
    ['10.00', undefined],
    ['0.99', undefined],
    ['10', 'Invalid amount: 10'],
    ['10.5', 'Invalid amount: 10.5'],
    ['10.500', 'Invalid amount: 10.500'],
    ['.50', 'Invalid amount: .50'],
    ['1,00', 'Invalid amount: 1,00'],
    ['-1.00', 'Invalid amount: -1.00'],
  ])('data-amount %s', (amount, message) => {
    expect(errorOf('client-id=abc', { 'data-amount': amount })).toBe(message);
  });

  it.each(PAGE_TYPES.map((type) => [type.toUpperCase(), type]))('page type %s is accepted as %s', (given, expected) => {
    expect(read('client-id=abc', { 'data-page-type': given }).data.pageType).toBe(expected);
  });

  it('an unknown page type is refused with the value as given', () => {
    expect(errorOf('client-id=abc', { 'data-page-type': 'Landing' })).toBe("Invalid page type, 'Landing'");
  });

  it('an SDK token and an ID token together are refused', () => {
    expect(errorOf('client-id=abc', { 'data-sdk-client-token': 'a', 'data-user-id-token': 'b' })).toBe('Do not pass SDK token and ID token');
  });

  // The original: paypal/paypal-sdk-client src/script.js getUserIDToken, and its cases in src/script.test.js
  // ("getUserIDToken is set as SDK token if SDK token is passed only", "getUserIDToken returns a token string").
  it('script.js getUserIDToken: an SDK token passed alone is the user id token (issue 34)', () => {
    expect(read('client-id=abc', { 'data-sdk-client-token': 'some-token' }).data).toMatchObject({ sdkClientToken: 'some-token', userIdToken: 'some-token' });
    expect(read('client-id=abc', { 'data-user-id-token': 'some-token' }).data).toMatchObject({ userIdToken: 'some-token' });
    expect(read('client-id=abc', { 'data-user-id-token': 'some-token' }).data.sdkClientToken).toBeUndefined();
    expect(read('client-id=abc').data.userIdToken).toBeUndefined();
  });

  // The original: paypal/paypal-sdk-client src/script.ts getMerchantID (`merchantIDAttribute.split(",")`,
  // duplicates by indexOf). The spec is ambiguous on spaces; the original is followed (docs/sdk.md).
  it('script.ts getMerchantID: "abc123, abc123" is two different ids, kept as written (issue 34)', () => {
    expect(read('client-id=abc&merchant-id=*', { 'data-merchant-id': 'abc123, abc123' }).query.merchantIds).toEqual(['abc123', ' abc123']);
    expect(read('client-id=abc&merchant-id=*', { 'data-merchant-id': 'A,' }).query.merchantIds).toEqual(['A', '']);
    expect(errorOf('client-id=abc&merchant-id=*', { 'data-merchant-id': 'abc123,abc456,abc123' })).toBe(
      'Duplicates data-merchant-id. Must pass unique merchant ids to data-merchant-id.',
    );
  });
});

describe('§3 enumerations', () => {
  it('are exported as constants', () => {
    expect(INTENTS).toEqual(['capture', 'authorize', 'order', 'tokenize', 'subscription']);
    expect(CARD_BRANDS).toHaveLength(12);
    expect(PAGE_TYPES).toHaveLength(8);
    expect(ENVIRONMENTS).toEqual(['local', 'stage', 'sandbox', 'production', 'test']);
    expect(BUTTON_ACTIONS).toEqual(['commit', 'continue']);
    expect(PLATFORMS).toEqual(['desktop', 'mobile']);
  });
});
