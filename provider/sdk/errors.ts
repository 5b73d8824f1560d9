/** §8: the embedded payment component's messages, each written once. */
export const MESSAGES = {
  scriptNotFound: 'Payments SDK script not found on page! Expected to find <script src=...>',
  scriptWithoutSrc: 'Can not find src for sdk script',
  clientIdRequired: 'Expected client-id parameter in sdk url',
  merchantIdsMissing: 'Must pass data-merchant-id when merchant-id=* passed in url',
  merchantIdsSingle: 'Must pass multiple merchant ids to data-merchant-id. If passing a single id, pass merchant-id=XYZ in url',
  merchantIdsDuplicate: 'Duplicates data-merchant-id. Must pass unique merchant ids to data-merchant-id.',
  invalidAmount: (value: string) => `Invalid amount: ${value}`,
  invalidPageType: (value: string) => `Invalid page type, '${value}'`,
  sdkTokenWithIdToken: 'Do not pass SDK token and ID token',
  sdkTokenDecode: 'Error decoding SDK token',
  clientTokenDecode: 'Error decoding client token',
  requestTimedOut: (method: string, url: string) => `Request to ${method.toLowerCase()} ${url} has timed out`,
  requestNoStatus: (method: string, url: string) => `Request to ${method.toLowerCase()} ${url} failed: no response status code.`,
  requestFailed: (method: string, url: string, cause: string) => `Request to ${method.toLowerCase()} ${url} failed: ${cause}.`,
  invalidJson: (text: string) => `Invalid json: ${text}.`,
  requestBodyChoice: 'Only options.json or options.data or options.body should be passed',
  promiseTimedOut: (ms: number) => `Promise timed out after ${ms}ms`,
  invalidClient: (clientId: string) => `Auth Api invalid client id: ${clientId}`,
  missingAccessToken: 'Auth Api response error: no access_token in the reply',
  missingOrderId: 'Order Api response error: no id in the reply',
  // The order and GraphQL messages below are the provider's own (paypal/paypal-sdk-client src/api.ts
  // createOrder, src/graphql.js callGraphQL and getGraphQLFundingEligibility).
  clientIdNotPassed: 'Client ID not passed',
  orderDetailsMissing: 'Expected order details to be passed',
  unexpectedIntent: (given: string) =>
    `Unexpected intent: ${given} passed to order.create. Please ensure you are passing /sdk/js?intent=${given.toLowerCase()} in the paypal script tag.`,
  unexpectedCurrency: (given: string) =>
    `Unexpected currency: ${given} passed to order.create. Please ensure you are passing /sdk/js?currency=${given} in the paypal script tag.`,
  payeeWithoutMerchantId: 'Pass merchant-id in the sdk url when an order names a payee',
  graphqlStatus: (path: string, status: number) => `${path} returned status ${status}`,
  missingFundingEligibility: 'GraphQL fundingEligibility returned no fundingEligibility object',
  // paypal/paypal-sdk-client src/fraudnet.js createFraudnetScript.
  fraudScriptFailed: 'Fraudnet failed to load.',
  fraudScriptAborted: 'Fraudnet load was aborted.',
  elementNotFound: (selector: string) => `Can not find element: ${selector}`,
  notSameDomain: 'Expected window to be same domain',
  topWindowUnknown: 'Can not determine top window',
  invalidDimension: (value: string) => `Invalid dimension: ${value}, expected px or %`,
} as const;

/** A §5 rule the script's configuration breaks; `message` is the provider's exact text. */
export class SdkConfigError extends Error {
  override name = 'SdkConfigError';
}
