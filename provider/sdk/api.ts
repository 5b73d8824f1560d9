import { API_PATHS, PARTNER_ATTRIBUTION_HEADER } from './constants';
import { MESSAGES } from './errors';
import { prepareOrder, type OrderInput, type OrderScriptSettings } from './order.rules';
import { request, type FetchLike, type RequestResult } from './request';
import type { TimeoutClock } from './promise-timeout';

/** Where the provider's API lives and how to reach it. */
export interface ApiEnvironment<Id = unknown> {
  /** The provider's API origin, e.g. https://api-m.sandbox.paypal.com or the local sandbox. */
  apiBase: string;
  fetch: FetchLike;
  clock: TimeoutClock<Id>;
  /** Milliseconds per call; 0 means none. */
  timeout?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** Basic credentials for a client id with an empty secret. */
export function basicAuthorization(clientId: string): string {
  const bytes = new TextEncoder().encode(`${clientId}:`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** §7 token: client-credentials grant with Basic auth; reads access_token and error. */
export async function createAccessToken<Id>(clientId: string, env: ApiEnvironment<Id>, { targetSubject }: { targetSubject?: string } = {}): Promise<string> {
  const data: Record<string, string> = { grant_type: 'client_credentials' };
  if (targetSubject) data.target_subject = targetSubject;
  const { body } = await request(
    { method: 'post', url: `${env.apiBase}${API_PATHS.token}`, headers: { authorization: basicAuthorization(clientId) }, data, timeout: env.timeout ?? 0 },
    env,
  );
  if (isRecord(body) && body.error === 'invalid_client') throw new Error(`${MESSAGES.invalidClient(clientId)}: ${describe(body)}`);
  if (!isRecord(body) || typeof body.access_token !== 'string' || !body.access_token) throw new Error(`${MESSAGES.missingAccessToken}: ${describe(body)}`);
  return body.access_token;
}

export interface CreateOrderOptions extends OrderScriptSettings {
  clientId: string;
  partnerAttributionId?: string | undefined;
}

/**
 * §7 order: checks the order against the script (§5), gets a token, posts with a bearer token and the
 * partner-attribution header; reads id. As the provider's createOrder (paypal/paypal-sdk-client
 * src/api.ts), an empty client id and a missing order are refused before anything is sent; the order
 * may be null or undefined when the caller is plain JavaScript.
 */
export async function createOrder<Id>(order: OrderInput | null | undefined, options: CreateOrderOptions, env: ApiEnvironment<Id>): Promise<string> {
  if (!options.clientId) throw new Error(MESSAGES.clientIdNotPassed);
  if (!order) throw new Error(MESSAGES.orderDetailsMissing);
  const prepared = prepareOrder(order, options);
  const accessToken = await createAccessToken(options.clientId, env);
  const headers: Record<string, string> = { authorization: `Bearer ${accessToken}` };
  if (options.partnerAttributionId) headers[PARTNER_ATTRIBUTION_HEADER] = options.partnerAttributionId;
  const { body } = await request({ method: 'post', url: `${env.apiBase}${API_PATHS.orders}`, headers, json: prepared, timeout: env.timeout ?? 0 }, env);
  if (!isRecord(body) || typeof body.id !== 'string' || !body.id) throw new Error(`${MESSAGES.missingOrderId}: ${describe(body)}`);
  return body.id;
}

/** §7 funding eligibility: the fields the query is sent with. */
export interface FundingEligibilityVariables {
  clientID: string;
  merchantID: readonly string[];
  buyerCountry?: string | undefined;
  currency: string;
  intent: string;
  commit: boolean;
  vault: boolean;
  enableFunding: readonly string[];
  disableFunding: readonly string[];
  disableCard: readonly string[];
}

export const FUNDING_ELIGIBILITY_QUERY = `query GetFundingEligibility($clientID: String, $merchantID: [String], $buyerCountry: CountryCodes, $currency: SupportedCountryCurrencies, $intent: FundingEligibilityIntent, $commit: Boolean, $vault: Boolean, $enableFunding: [SupportedPaymentMethodsType], $disableFunding: [SupportedPaymentMethodsType], $disableCard: [SupportedCardsType]) {
  fundingEligibility(clientId: $clientID, buyerCountry: $buyerCountry, currency: $currency, intent: $intent, commit: $commit, vault: $vault, enableFunding: $enableFunding, disableFunding: $disableFunding, disableCard: $disableCard, merchantId: $merchantID) {
    paypal { eligible }
    card { eligible }
    venmo { eligible }
    paylater { eligible }
  }
}`;

export type FundingEligibility = Record<string, { eligible: boolean } | undefined>;

const upper = (list: readonly string[]) => list.map((item) => item.toUpperCase());

/**
 * The variables as the provider's GraphQL API takes them: intent and the enable, disable and card
 * lists are enum values in upper case (the script tag gives them lower-case).
 */
export function eligibilityVariables(variables: FundingEligibilityVariables): FundingEligibilityVariables {
  return {
    ...variables,
    intent: variables.intent.toUpperCase(),
    enableFunding: upper(variables.enableFunding),
    disableFunding: upper(variables.disableFunding),
    disableCard: upper(variables.disableCard),
  };
}

/**
 * The first GraphQL error's message (or the error itself as JSON when it has none), then a status
 * other than 200, as the provider's callGraphQL reads a reply (paypal/paypal-sdk-client src/graphql.js).
 */
function graphqlProblem({ status, body }: RequestResult): string | undefined {
  const errors = isRecord(body) && Array.isArray(body.errors) ? (body.errors as unknown[]) : [];
  if (errors.length > 0) {
    const first = errors[0];
    const message = isRecord(first) ? first.message : undefined;
    return typeof message === 'string' && message ? message : JSON.stringify(first);
  }
  if (status !== 200) return MESSAGES.graphqlStatus(API_PATHS.fundingEligibility, status);
  return undefined;
}

/** §7 funding eligibility: POST to the GraphQL path; reads fundingEligibility. */
export async function getFundingEligibility<Id>(variables: FundingEligibilityVariables, env: ApiEnvironment<Id>): Promise<FundingEligibility> {
  const result: RequestResult = await request(
    {
      method: 'post',
      url: `${env.apiBase}${API_PATHS.fundingEligibility}`,
      headers: { 'x-app-name': 'sdk_funding_eligibility' },
      json: { query: FUNDING_ELIGIBILITY_QUERY, variables: eligibilityVariables(variables) },
      timeout: env.timeout ?? 0,
    },
    env,
  );
  const problem = graphqlProblem(result);
  if (problem !== undefined) throw new Error(problem);
  const data = isRecord(result.body) ? result.body.data : undefined;
  const eligibility = isRecord(data) ? data.fundingEligibility : undefined;
  if (!isRecord(eligibility)) throw new Error(MESSAGES.missingFundingEligibility);
  const eligible: FundingEligibility = {};
  for (const [source, value] of Object.entries(eligibility)) eligible[source] = { eligible: isRecord(value) && value.eligible === true };
  return eligible;
}
