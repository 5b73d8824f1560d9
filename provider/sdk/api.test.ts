import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../runtime/test-clock';
import { createOrder, getFundingEligibility, type ApiEnvironment, type FundingEligibilityVariables } from './api';
import type { FetchInit, FetchLike, ResponseLike } from './request';

/**
 * Issue 34: the API calls as the provider's own client code behaves, call by call. The provider is
 * faked at its HTTP boundary (a fetch that answers as the provider would); every expected value is
 * the original's, cited per test: paypal/paypal-sdk-client src/api.ts (createOrder) and
 * src/graphql.js (callGraphQL, getGraphQLFundingEligibility).
 */

function reply(status: number, body: unknown, contentType = 'application/json'): ResponseLike {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: { forEach: (callback) => callback(contentType, 'content-type') }, text: async () => text };
}

function provider(answer: (url: string, init: FetchInit) => ResponseLike) {
  const calls: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push(url);
    return answer(url, init);
  };
  const env: ApiEnvironment = { apiBase: 'https://api.provider.example', fetch, clock: createTestClock(), timeout: 0 };
  return { env, calls };
}

const orderingProvider = () =>
  provider((url) => (url.endsWith('/v1/oauth2/token') ? reply(200, { access_token: 'A21AA-token' }) : reply(201, { id: '5O190127TN364715T' })));

const settings = { clientId: 'client-1', intent: 'capture', currency: 'USD', merchantIds: [] as string[] };
const order = { purchase_units: [{ amount: { value: '10.00' } }] };

describe('createOrder as paypal-sdk-client src/api.ts createOrder', () => {
  it('a well-formed order with a client id gets its id', async () => {
    const { env } = orderingProvider();
    await expect(createOrder(order, settings, env)).resolves.toBe('5O190127TN364715T');
  });

  it('api.ts createOrder: an empty client id is refused with "Client ID not passed", and nothing is sent', async () => {
    const { env, calls } = orderingProvider();
    await expect(createOrder(order, { ...settings, clientId: '' }, env)).rejects.toThrow(/^Client ID not passed$/);
    expect(calls).toEqual([]);
  });

  it('api.ts createOrder: a null order is refused with "Expected order details to be passed", and nothing is sent', async () => {
    const { env, calls } = orderingProvider();
    await expect(createOrder(null, settings, env)).rejects.toThrow(/^Expected order details to be passed$/);
    await expect(createOrder(undefined, settings, env)).rejects.toThrow(/^Expected order details to be passed$/);
    expect(calls).toEqual([]);
  });

  it('api.ts createOrder: the client id is checked before the order', async () => {
    const { env } = orderingProvider();
    await expect(createOrder(null, { ...settings, clientId: '' }, env)).rejects.toThrow(/^Client ID not passed$/);
  });

  it('api.ts createOrder: an intent other than the script’s gives the original’s message', async () => {
    const { env, calls } = orderingProvider();
    await expect(createOrder({ ...order, intent: 'AUTHORIZE' }, settings, env)).rejects.toThrow(
      /^Unexpected intent: AUTHORIZE passed to order\.create\. Please ensure you are passing \/sdk\/js\?intent=authorize in the paypal script tag\.$/,
    );
    expect(calls).toEqual([]);
  });

  it('api.ts createOrder: a currency other than the script’s gives the original’s message', async () => {
    const { env } = orderingProvider();
    await expect(createOrder({ purchase_units: [{ amount: { value: '1.00', currency_code: 'EUR' } }] }, settings, env)).rejects.toThrow(
      /^Unexpected currency: EUR passed to order\.create\. Please ensure you are passing \/sdk\/js\?currency=EUR in the paypal script tag\.$/,
    );
  });
});

describe('getFundingEligibility as paypal-sdk-client src/graphql.js callGraphQL and getGraphQLFundingEligibility', () => {
  const variables: FundingEligibilityVariables = {
    clientID: 'client-1', merchantID: [], currency: 'USD', intent: 'capture', commit: true, vault: false, enableFunding: [], disableFunding: [], disableCard: [],
  };

  it('reads fundingEligibility from a 200 reply', async () => {
    const { env } = provider(() => reply(200, { data: { fundingEligibility: { paypal: { eligible: true }, card: { eligible: false } } } }));
    await expect(getFundingEligibility(variables, env)).resolves.toEqual({ paypal: { eligible: true }, card: { eligible: false } });
  });

  it('graphql.js callGraphQL: a 404 reply gives "/graphql returned status 404"', async () => {
    const text = provider(() => reply(404, 'Not Found', 'text/plain'));
    await expect(getFundingEligibility(variables, text.env)).rejects.toThrow(/^\/graphql returned status 404$/);
    const json = provider(() => reply(404, { name: 'RESOURCE_NOT_FOUND' }));
    await expect(getFundingEligibility(variables, json.env)).rejects.toThrow(/^\/graphql returned status 404$/);
  });

  it('graphql.js callGraphQL: GraphQL errors give the first error’s message, whatever the status', async () => {
    const errors = [{ message: 'variables.currency must be a three-letter code' }, { message: 'second' }];
    const badRequest = provider(() => reply(400, { errors }));
    await expect(getFundingEligibility(variables, badRequest.env)).rejects.toThrow(/^variables\.currency must be a three-letter code$/);
    const ok = provider(() => reply(200, { errors, data: null }));
    await expect(getFundingEligibility(variables, ok.env)).rejects.toThrow(/^variables\.currency must be a three-letter code$/);
  });

  it('graphql.js callGraphQL: a first error without a message is given as its JSON', async () => {
    const { env } = provider(() => reply(400, { errors: [{ path: ['fundingEligibility'] }] }));
    await expect(getFundingEligibility(variables, env)).rejects.toThrow(/^\{"path":\["fundingEligibility"\]\}$/);
  });

  it('graphql.js getGraphQLFundingEligibility: a 200 reply with no funding data gives "GraphQL fundingEligibility returned no fundingEligibility object"', async () => {
    const { env } = provider(() => reply(200, { data: {} }));
    await expect(getFundingEligibility(variables, env)).rejects.toThrow(/^GraphQL fundingEligibility returned no fundingEligibility object$/);
  });
});
