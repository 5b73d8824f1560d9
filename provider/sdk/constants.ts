import { LOGGER_PATH } from './sdk-logger.rules';

/**
 * The provider's embedded payment component: the §3 enumerations and the §9 constants, each named
 * once. Everything else in provider/sdk imports from here.
 */

/** §3: order intents. */
export const INTENTS = ['capture', 'authorize', 'order', 'tokenize', 'subscription'] as const;
export type Intent = (typeof INTENTS)[number];

/** §3: card brands. */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'hiper', 'elo', 'jcb', 'cup', 'diners', 'maestro', 'eftpos', 'cb_nationale'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** §3: page types (data-page-type, compared lowercase). */
export const PAGE_TYPES = ['home', 'product', 'cart', 'checkout', 'product-listing', 'search-results', 'product-details', 'mini-cart'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** §3: environments. */
export const ENVIRONMENTS = ['local', 'stage', 'sandbox', 'production', 'test'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** §3: button actions. */
export const BUTTON_ACTIONS = ['commit', 'continue'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

/** §3: platforms. */
export const PLATFORMS = ['desktop', 'mobile'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** §3: the script address's query parameters. */
export const SDK_QUERY_KEYS = [
  'components', 'env', 'debug', 'cachebust', 'client-id', 'merchant-id', 'locale', 'currency', 'intent', 'commit', 'vault',
  'buyer-country', 'enable-funding', 'disable-funding', 'disable-card', 'integration-date', 'stage-host', 'stage-alias',
  'cdn-registry', 'version',
] as const;
export type SdkQueryKey = (typeof SDK_QUERY_KEYS)[number];

/** §3: the script's data attributes. */
export const SDK_DATA_ATTRIBUTES = [
  'data-amount', 'data-client-token', 'data-sdk-client-token', 'data-user-id-token', 'data-merchant-id', 'data-namespace',
  'data-page-type', 'data-partner-attribution-id', 'data-popups-disabled', 'data-csp-nonce', 'data-enable-3ds',
  'data-js-sdk-library', 'data-sdk-integration-source', 'data-shopper-session-id', 'data-user-experience-flow',
  'data-client-metadata-id', 'data-api-stage-host', 'data-stage-host',
] as const;
export type SdkDataAttribute = (typeof SDK_DATA_ATTRIBUTES)[number];

/** §5 defaults. */
export const DEFAULT_INTENT: Intent = 'capture';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_VAULT = false;
/** Reference notes: the aliases sandbox, sb and test (case-sensitive) stand for this public sandbox client id. */
export const SANDBOX_CLIENT_ID = 'AZDxjDScFpQtjWTOUtWKbyN_bDt4OgqaF4eYXlewfBP4-8aqX3PiV8e1GWU6liB2CUXlkA59kJXE7M6R';
export const SANDBOX_CLIENT_ID_ALIASES = ['sandbox', 'sb', 'test'] as const;

/** §9: logger constants live beside the logger machine; re-exported here with the rest of §9. */
export {
  FLUSH_INTERVAL_MS as LOGGER_FLUSH_INTERVAL_MS, SOON_FLUSH_MS as LOGGER_SOON_FLUSH_MS, LOG_LEVELS, DEFAULT_LOG_LEVEL, LOGGER_PATH,
  METRIC_NAMESPACE, METRIC_TYPES, SDK_MAJOR_VERSION, WEB_METRIC_DIMENSIONS, type LogLevel, type MetricType,
} from './sdk-logger.rules';
/** §4, §9: storage sessions live 20 minutes from creation. */
export const STORAGE_SESSION_LIFETIME_MS = 1_200_000;
/** §9: default experiment sample, in percent. */
export const DEFAULT_EXPERIMENT_SAMPLE = 50;
export const EXPERIMENT_GROUPS = ['test', 'control', 'throttle'] as const;
export type ExperimentGroup = (typeof EXPERIMENT_GROUPS)[number];

/** §9: promise wrap time-out default. */
export const PROMISE_TIMEOUT_MS = 5_000;
/** §9: animation fallback timers. */
export const ANIMATION_FALLBACK_MS = [200, 1_000] as const;
/** §9: polling intervals. */
export const DOCUMENT_POLL_MS = 10;
export const RESIZE_POLL_MS = 100;
export const ELEMENT_CLOSE_WATCH_MS = 1_000;
/** §9: key codes. */
export const KEY_CODES = { enter: 13, space: 32 } as const;
/** §9: script UID hash length. */
export const SCRIPT_UID_HASH_LENGTH = 30;
/** §9: a viewport narrower than this is mobile. */
export const MOBILE_VIEWPORT_MAX_WIDTH_PX = 660;
/** §9: messaging acknowledgement time-outs. */
export const ACK_TIMEOUT_MS = 2_000;
export const ACK_TIMEOUT_KNOWN_MS = 10_000;
/** §9: default response time-out. */
export const RESPONSE_TIMEOUT_MS = 5_000;
/** §9: proof-signing keys. */
export const PROOF_KEY = { algorithm: 'RSA', bits: 4096 } as const;
/** §9: default embedded frame size. */
export const DEFAULT_FRAME_DIMENSIONS = { width: '300px', height: '150px' } as const;
/** §9: supported browser minimums. */
export const SUPPORTED_BROWSERS = {
  msie: '11',
  firefox: '30',
  chrome: '27',
  safari: '7',
  opera: '16',
  msedge: '12',
  samsungBrowser: '2.1',
  silk: '59.3',
  ucbrowser: '10.0.0.488',
  vivaldi: '1.91',
} as const;
/** §9: iPhone screen heights for full-screen-viewport detection. */
export const IPHONE_SCREEN_HEIGHTS = [926, 896, 844, 812, 736, 667] as const;

/** §6: the provider's and the mobile wallet's domains. */
export const PROVIDER_ORIGINS = { production: 'https://www.paypal.com', sandbox: 'https://www.sandbox.paypal.com' } as const;
/**
 * The provider's own domains: .com and its China domain .cn, as the provider's trust check matches
 * them (paypal/paypal-sdk-client src/domains.ts, getPayPalDomainRegex: `\.paypal\.(com|cn)(:\d+)?$`).
 */
export const PROVIDER_DOMAINS = ['paypal.com', 'paypal.cn'] as const;
export const MOBILE_WALLET_DOMAIN = 'venmo.com';

/** §7: the provider's API paths. */
export const API_PATHS = {
  token: '/v1/oauth2/token',
  orders: '/v2/checkout/orders',
  fundingEligibility: '/graphql',
  logger: LOGGER_PATH,
  fraudScript: '/da/r/fb.js',
} as const;
/** The header the order call carries the partner attribution in. */
export const PARTNER_ATTRIBUTION_HEADER = 'paypal-partner-attribution-id';
