import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealClock } from '../../runtime/clock';
import { createTestClock } from '../../runtime/test-clock';
import { createAccessToken, createOrder, getFundingEligibility, type ApiEnvironment } from '../../provider/sdk/api';
import { SANDBOX_CLIENT_ID } from '../../provider/sdk/constants';
import { FRAUD_CALLBACK_NAME, FRAUD_CONFIG_MARKER, fraudConfig } from '../../provider/sdk/fraud-script';
import { createSdkLogger } from '../../provider/sdk/logger';
import type { FetchLike } from '../../provider/sdk/request';
import { sdkApi, type ReceivedLog } from './sdk-api';
import { startProvider } from './start';

/** Integration: the SDK client's calls over real HTTP against the sandbox plugin in a bare Fastify. */
let app: FastifyInstance;
let base = '';
const received: ReceivedLog[] = [];
const fetchLike: FetchLike = (url, init) => fetch(url, init);
const env = (): ApiEnvironment => ({ apiBase: base, fetch: fetchLike, clock: createRealClock(), timeout: 5_000 });
const settings = { clientId: SANDBOX_CLIENT_ID, intent: 'capture', currency: 'USD', merchantIds: [] as string[] };

beforeAll(async () => {
  app = Fastify();
  await app.register(sdkApi, { clientIds: [SANDBOX_CLIENT_ID], received });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
});

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('token (§7: POST /v1/oauth2/token)', () => {
  it('a known client gets an access token with client credentials and Basic auth', async () => {
    const accessToken = await createAccessToken(SANDBOX_CLIENT_ID, env());
    expect(accessToken).toMatch(/^A21AA/);
  });

  it('an unknown client is refused as invalid_client', async () => {
    await expect(createAccessToken('nobody', env())).rejects.toThrow(/^Auth Api invalid client id: nobody/);
  });

  it('the sandbox answers a wrong grant type and a missing Basic header with the provider errors', async () => {
    const basic = `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:`).toString('base64')}`;
    const wrongGrant = await fetch(`${base}/v1/oauth2/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password' });
    expect(wrongGrant.status).toBe(400);
    expect(await wrongGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const noAuth = await fetch(`${base}/v1/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    expect(noAuth.status).toBe(401);
  });
});

describe('order (§7: POST /v2/checkout/orders)', () => {
  it('creates an order with a bearer token and the partner-attribution header, and reads its id', async () => {
    const id = await createOrder({ purchase_units: [{ amount: { value: '25.00' } }] }, { ...settings, partnerAttributionId: 'HARBOURLIGHT_SP' }, env());
    expect(id).toMatch(/^[0-9A-F]{17}$/);
    const stored = await (await fetch(`${base}/v2/checkout/orders/${id}`)).json();
    expect(stored).toMatchObject({ id, partner_attribution_id: 'HARBOURLIGHT_SP' });
  });

  it('intent and currency mismatches and a payee without merchant id never reach the network', async () => {
    await expect(createOrder({ intent: 'AUTHORIZE', purchase_units: [{ amount: { value: '1.00' } }] }, settings, env())).rejects.toThrow('Unexpected intent');
    await expect(createOrder({ purchase_units: [{ amount: { value: '1.00', currency_code: 'EUR' } }] }, settings, env())).rejects.toThrow('Unexpected currency');
    await expect(createOrder({ purchase_units: [{ amount: { value: '1.00' }, payee: { merchant_id: 'M' } }] }, settings, env())).rejects.toThrow('merchant-id');
  });

  it('a reply without an id is the missing-order-id error', async () => {
    await expect(createOrder({ purchase_units: [{ amount: { value: 'lots' } }] }, settings, env())).rejects.toThrow(/^Order Api response error: no id in the reply/);
  });

  it('the sandbox refuses an order without a valid bearer token', async () => {
    const response = await fetch(`${base}/v2/checkout/orders`, { method: 'POST', headers: { authorization: 'Bearer forged', 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
  });
});

describe('funding eligibility (§7: the GraphQL path)', () => {
  const variables = {
    clientID: SANDBOX_CLIENT_ID, merchantID: [], buyerCountry: 'US', currency: 'USD', intent: 'capture', commit: true, vault: false,
    enableFunding: [], disableFunding: ['card'], disableCard: [],
  };

  it('sends the listed fields and reads fundingEligibility', async () => {
    const eligibility = await getFundingEligibility(variables, env());
    expect(eligibility).toEqual({ paypal: { eligible: true }, card: { eligible: false }, venmo: { eligible: true }, paylater: { eligible: true } });
  });

  it('the sandbox answers a query without fundingEligibility and a body that is not JSON with a 400', async () => {
    const wrongQuery = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me }', variables }) });
    expect(wrongQuery.status).toBe(400);
    expect(await wrongQuery.json()).toEqual({ errors: [{ message: 'The query must ask for fundingEligibility' }] });
    const notJson = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(notJson.status).toBe(400);
  });

  it('the enable, disable and card lists go out upper-case, as the provider’s API takes them (issue 20, item 14)', async () => {
    const sent: unknown[] = [];
    const recording: FetchLike = (url, init) => (sent.push(JSON.parse(init.body ?? '{}')), fetch(url, init));
    const eligibility = await getFundingEligibility(
      { ...variables, enableFunding: ['venmo', 'paylater'], disableFunding: ['card'], disableCard: ['visa', 'amex'] },
      { ...env(), fetch: recording },
    );
    expect(sent[0]).toMatchObject({ variables: { enableFunding: ['VENMO', 'PAYLATER'], disableFunding: ['CARD'], disableCard: ['VISA', 'AMEX'], intent: 'CAPTURE' } });
    // The sandbox reads what the real client sends: card is disabled.
    expect(eligibility).toMatchObject({ card: { eligible: false }, paypal: { eligible: true } });
  });

  it('the sandbox refuses lower-case funding and card values as the provider’s GraphQL enums do', async () => {
    const lower = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query { fundingEligibility { card { eligible } } }', variables: { ...variables, intent: 'CAPTURE', disableFunding: ['card'] } }),
    });
    expect(lower.status).toBe(400);
    expect(await lower.json()).toEqual({ errors: [{ message: "variables.disableFunding: 'card' is not an upper-case funding value" }] });
  });

  it('a refused query is an error with the first GraphQL error’s message (as the provider’s callGraphQL, issue 34)', async () => {
    await expect(getFundingEligibility({ ...variables, currency: 'dollars' }, env())).rejects.toThrow(/^variables\.currency must be a three-letter code$/);
  });
});

describe('logger (§7: POST {provider}/xoplatform/logger/api/logger)', () => {
  it('a warn flushes about 50 ms later by request, and the sandbox records what it got', async () => {
    const clock = createTestClock();
    const logger = createSdkLogger({ url: base, clock, fetch: fetchLike, pageProtocol: 'https:', meta: { page: '/donate/' } });
    received.length = 0;
    logger.warn('popup_blocked', { reason: 'blocked', empty: '' });
    logger.metric({ metricEventName: 'popup', metricType: 'counter', dimensions: { outcome: 'blocked' } });
    clock.advanceBy(50);
    await until(() => received.length > 0);
    expect(received[0]?.payload).toMatchObject({
      events: [{ level: 'warn', event: 'popup_blocked', payload: { reason: 'blocked', timestamp: '0' } }],
      meta: { page: '/donate/' },
      metrics: [{ metricNamespace: 'pp.sdks.ppcp', metricEventName: 'popup', metricType: 'counter', metricValue: 1, dimensions: { outcome: 'blocked', sdk_platform: 'web', major_version: '5' } }],
    });
    expect(received[0]?.contentType).toContain('application/json');
    logger.stop();
  });

  it('pagehide flushes at once; a refused beacon falls back to a request with disableSetCookie=true', async () => {
    const target = new EventTarget();
    const beacons: string[] = [];
    const logger = createSdkLogger({
      url: base, clock: createTestClock(), fetch: fetchLike, pageProtocol: 'https:', target, enableSendBeacon: true, disableSetCookie: true,
      sendBeacon: (url) => (beacons.push(url), false),
    });
    received.length = 0;
    logger.info('leaving');
    target.dispatchEvent(new Event('pagehide'));
    await until(() => received.length > 0);
    expect(beacons).toEqual([`${base}/xoplatform/logger/api/logger?disableSetCookie=true`]);
    expect(received[0]).toMatchObject({ disableSetCookie: true, payload: { events: [{ event: 'leaving' }] } });
    const overHttp = (await (await fetch(`${base}/xoplatform/logger/api/logger`)).json()) as ReceivedLog[];
    expect(overHttp.map((entry) => entry.payload.events[0]?.event)).toEqual(['leaving']);
    logger.stop();
  });

  it('sets its cookie unless disableSetCookie=true, and answers a malformed payload with a 400', async () => {
    const ok = await fetch(`${base}/xoplatform/logger/api/logger`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: [], meta: {}, tracking: [], metrics: [] }) });
    expect(ok.headers.get('set-cookie')).toContain('sandbox_logger_session=');
    const bad = await fetch(`${base}/xoplatform/logger/api/logger`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"events":3}' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('The logger payload needs events, meta, tracking and metrics');
  });

  it('a logger pointed at a dead address swallows the failure', async () => {
    const clock = createTestClock();
    const logger = createSdkLogger({ url: 'http://127.0.0.1:9', clock, fetch: fetchLike, pageProtocol: 'https:' });
    logger.error('boom');
    clock.advanceBy(50);
    const delivery = logger.actor.getSnapshot().children['delivery-1'];
    // The refused connection fails on the network's time: wait until the delivery has ended.
    await until(() => delivery?.getSnapshot().status !== 'active');
    expect(delivery?.getSnapshot()).toMatchObject({ status: 'done', output: 'failed' });
    expect(logger.actor.getSnapshot().status).toBe('active');
    logger.error('again');
    clock.advanceBy(50);
    expect(logger.actor.getSnapshot().context.deliveries).toBe(2);
    logger.stop();
  });
});

describe('fraud-data collector script (§7)', () => {
  it('is served as JavaScript and reads the configuration script', async () => {
    const response = await fetch(`${base}/da/r/fb.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(await response.text()).toContain('fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99');
  });

  it('reads the client’s fconfig script and calls its cb1 (window.fnCallback) once collected, as the real collector (issue 34)', async () => {
    const source = await (await fetch(`${base}/da/r/fb.js`)).text();
    const config = fraudConfig({ clientMetadataId: 'cmid-1', source: 'donate', sandbox: true });
    const selectors: string[] = [];
    const document = { querySelector: (selector: string) => (selectors.push(selector), { textContent: JSON.stringify(config) }) };
    let called = 0;
    const window: Record<string, unknown> = { [FRAUD_CALLBACK_NAME]: () => void called++ };
    // The served script runs as a browser would run it, with this window and document as its globals.
    new Function('window', 'document', source)(window, document);
    expect(selectors).toEqual([`script[fncls="${FRAUD_CONFIG_MARKER}"]`]);
    expect(window.sandboxFraudData).toEqual({ collected: true, clientMetadataId: 'cmid-1', source: 'donate' });
    expect(called).toBe(1);
  });
});

describe('the sandbox as the product starts it (startProvider, as server/main.ts does) serves the SDK API', () => {
  it('POST /v1/oauth2/token, then POST /v2/checkout/orders with that token, over HTTP', async () => {
    const provider = await startProvider({ PROVIDER_SANDBOX_PORT: '0', LOG: '0' }, '127.0.0.1');
    try {
      const started: ApiEnvironment = { apiBase: provider.url, fetch: fetchLike, clock: createRealClock(), timeout: 5_000 };
      const accessToken = await createAccessToken(SANDBOX_CLIENT_ID, started);
      expect(accessToken).toMatch(/^A21AA/);
      const id = await createOrder({ purchase_units: [{ amount: { value: '10.00' } }] }, { ...settings, partnerAttributionId: 'HARBOURLIGHT_SP' }, started);
      expect(id).toMatch(/^[0-9A-F]{17}$/);
      const order = await fetch(`${provider.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '5.00' } }] }),
      });
      expect(order.status).toBe(201);
      expect(await order.json()).toMatchObject({ id: expect.stringMatching(/^[0-9A-F]{17}$/) });
    } finally {
      await provider.close();
    }
  });
});
