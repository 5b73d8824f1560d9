import {
  CARD_BRANDS, DEFAULT_CURRENCY, DEFAULT_INTENT, DEFAULT_VAULT, ENVIRONMENTS, INTENTS, PAGE_TYPES, SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_ID_ALIASES, type CardBrand, type Environment, type Intent, type PageType,
} from './constants';
import { MESSAGES, SdkConfigError } from './errors';
import { parseBoolean, parseList, parseQuery } from './query';

/** What the config reader needs from a script element (a real one, or a fake in tests). */
export interface ScriptLike {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

export interface ScriptRoot {
  querySelector(selector: string): ScriptLike | null;
}

/** A script that loads the SDK: its address has /sdk/js, or the page marks it with data-sdk-script. */
export const SDK_SCRIPT_SELECTOR = 'script[data-sdk-script], script[src*="/sdk/js"]';

/** §8: the page's SDK script, or the two messages when it is missing or has no src. */
export function findSdkScript({ currentScript, root }: { currentScript?: ScriptLike | null; root?: ScriptRoot }): ScriptLike {
  const script = currentScript ?? root?.querySelector(SDK_SCRIPT_SELECTOR) ?? null;
  if (!script) throw new SdkConfigError(MESSAGES.scriptNotFound);
  if (!script.getAttribute('src')) throw new SdkConfigError(MESSAGES.scriptWithoutSrc);
  return script;
}

/** §3 query parameters, parsed, with the §5 defaults. */
export interface SdkQueryConfig {
  components: string[];
  env: Environment;
  debug: boolean;
  cachebust: boolean;
  clientId: string;
  /** merchant-id split on ','; with merchant-id=* the unique ids of data-merchant-id. */
  merchantIds: string[];
  locale?: string;
  currency: string;
  intent: Intent;
  commit: boolean;
  vault: boolean;
  buyerCountry?: string;
  enableFunding: string[];
  disableFunding: string[];
  disableCard: CardBrand[];
  integrationDate?: string;
  stageHost?: string;
  stageAlias?: string;
  cdnRegistry?: string;
  version?: string;
}

/** §3 data attributes, parsed. */
export interface SdkDataConfig {
  amount?: string;
  clientToken?: string;
  sdkClientToken?: string;
  /** data-user-id-token; with only an SDK token, the SDK token (as the provider's getUserIDToken). */
  userIdToken?: string;
  merchantIds: string[];
  namespace?: string;
  /** Lowercased; '' when absent. */
  pageType: PageType | '';
  partnerAttributionId?: string;
  popupsDisabled: boolean;
  cspNonce?: string;
  enable3ds: boolean;
  jsSdkLibrary?: string;
  sdkIntegrationSource?: string;
  shopperSessionId?: string;
  userExperienceFlow?: string;
  clientMetadataId?: string;
  apiStageHost?: string;
  stageHost?: string;
}

export interface SdkConfig {
  src: string;
  query: SdkQueryConfig;
  data: SdkDataConfig;
  /** Values outside their §3 enumeration that fell back to the default, one line each. */
  warnings: string[];
}

const AMOUNT_PATTERN = /^\d+\.\d{2}$/;

function isOneOf<T extends string>(list: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (list as readonly string[]).includes(value);
}

/** Reference notes: an empty data-* attribute counts as absent. */
function dataAttribute(script: ScriptLike, name: string): string | undefined {
  const value = script.getAttribute(name);
  return value === null || value === '' ? undefined : value;
}

/** §5: client-id is required; sandbox, sb and test stand for the public sandbox client id. */
export function resolveClientId(value: string | undefined): string {
  if (!value) throw new SdkConfigError(MESSAGES.clientIdRequired);
  return (SANDBOX_CLIENT_ID_ALIASES as readonly string[]).includes(value) ? SANDBOX_CLIENT_ID : value;
}

/**
 * §5: merchant-id=* needs at least two unique ids in data-merchant-id; otherwise merchant-id is split on ','.
 * The spec does not say what an id is; as the provider's getMerchantID (paypal/paypal-sdk-client
 * src/script.ts) data-merchant-id is split on ',' as written, nothing trimmed or dropped, so
 * "abc123, abc123" is two different ids (docs/sdk.md).
 */
export function resolveMerchantIds(queryValue: string | undefined, dataValue: string | undefined): string[] {
  if (queryValue !== '*') return parseList(queryValue);
  if (!dataValue) throw new SdkConfigError(MESSAGES.merchantIdsMissing);
  const ids = dataValue.split(',');
  if (ids.length < 2) throw new SdkConfigError(MESSAGES.merchantIdsSingle);
  if (new Set(ids).size !== ids.length) throw new SdkConfigError(MESSAGES.merchantIdsDuplicate);
  return ids;
}

/** §5: digits, a dot and exactly two digits. */
export function checkAmount(value: string | undefined): string | undefined {
  if (value !== undefined && !AMOUNT_PATTERN.test(value)) throw new SdkConfigError(MESSAGES.invalidAmount(value));
  return value;
}

/** §5: one of §3's page types, compared lowercase; '' when absent. */
export function checkPageType(value: string | undefined): PageType | '' {
  if (value === undefined) return '';
  const lower = value.toLowerCase();
  if (!isOneOf(PAGE_TYPES, lower)) throw new SdkConfigError(MESSAGES.invalidPageType(value));
  return lower;
}

/** §5: an SDK token and a user id token are not passed together. */
export function checkTokens(sdkClientToken: string | undefined, userIdToken: string | undefined): void {
  if (sdkClientToken && userIdToken) throw new SdkConfigError(MESSAGES.sdkTokenWithIdToken);
}

function environmentOf(src: string, given: string | undefined, warn: (message: string) => void): Environment {
  if (isOneOf(ENVIRONMENTS, given)) return given;
  if (given !== undefined) warn(`env '${given}' is not one of ${ENVIRONMENTS.join(', ')}`);
  return /sandbox/.test(hostOf(src)) ? 'sandbox' : 'production';
}

function hostOf(src: string): string {
  const match = /^(?:[a-z]+:)?\/\/([^/?#]+)/i.exec(src);
  return match?.[1] ?? '';
}

function queryOf(src: string): string {
  const start = src.indexOf('?');
  if (start === -1) return '';
  const end = src.indexOf('#', start);
  return src.slice(start + 1, end === -1 ? undefined : end);
}

export interface ReadSdkConfigOptions {
  /** Where each fallback is told, once per bad value (docs/design.md invariant 5); default console.warn. */
  warn?: (message: string) => void;
}

/**
 * Reads the SDK script's address and data attributes into a typed config with the §5 defaults.
 * Throws SdkConfigError with the provider's exact message for every §5 rule it breaks (the first one).
 * A value outside its §3 enumeration falls back (or, in a list, is left out) with one warning.
 */
export function readSdkConfig(script: ScriptLike, { warn = (message) => console.warn(message) }: ReadSdkConfigOptions = {}): SdkConfig {
  const src = script.getAttribute('src');
  if (!src) throw new SdkConfigError(MESSAGES.scriptWithoutSrc);
  const params = parseQuery(queryOf(src));
  const warnings: string[] = [];
  const warnOnce = (message: string) => {
    warnings.push(message);
    warn(message);
  };
  const data = (name: string) => dataAttribute(script, name);

  const clientId = resolveClientId(params['client-id']);
  const merchantIds = resolveMerchantIds(params['merchant-id'], data('data-merchant-id'));

  let intent: Intent = DEFAULT_INTENT;
  const givenIntent = params.intent?.toLowerCase();
  if (isOneOf(INTENTS, givenIntent)) intent = givenIntent;
  else if (givenIntent !== undefined) warnOnce(`intent '${params.intent}' is not one of ${INTENTS.join(', ')}`);

  const disableCard = parseList(params['disable-card']).filter((brand): brand is CardBrand => {
    if (isOneOf(CARD_BRANDS, brand)) return true;
    warnOnce(`disable-card '${brand}' is not one of ${CARD_BRANDS.join(', ')}`);
    return false;
  });

  const sdkClientToken = data('data-sdk-client-token');
  const userIdToken = data('data-user-id-token');
  checkTokens(sdkClientToken, userIdToken);

  const query: SdkQueryConfig = {
    components: parseList(params.components ?? 'buttons'),
    env: environmentOf(src, params.env, warnOnce),
    debug: parseBoolean(params.debug) ?? false,
    cachebust: parseBoolean(params.cachebust) ?? false,
    clientId,
    merchantIds,
    currency: (params.currency ?? DEFAULT_CURRENCY).toUpperCase(),
    intent,
    // §5: commit is true when the intent is capture, else false, unless the url says otherwise.
    commit: parseBoolean(params.commit) ?? intent === 'capture',
    vault: parseBoolean(params.vault) ?? DEFAULT_VAULT,
    enableFunding: parseList(params['enable-funding']),
    disableFunding: parseList(params['disable-funding']),
    disableCard,
    ...optional({
      locale: params.locale,
      buyerCountry: params['buyer-country'],
      integrationDate: params['integration-date'],
      stageHost: params['stage-host'],
      stageAlias: params['stage-alias'],
      cdnRegistry: params['cdn-registry'],
      version: params.version,
    }),
  };

  const dataConfig: SdkDataConfig = {
    merchantIds: params['merchant-id'] === '*' ? merchantIds : parseList(data('data-merchant-id')),
    pageType: checkPageType(data('data-page-type')),
    popupsDisabled: parseBoolean(data('data-popups-disabled')) ?? false,
    // Reference notes: data-enable-3ds is true when the attribute is present at all.
    enable3ds: script.hasAttribute('data-enable-3ds'),
    ...optional({
      amount: checkAmount(data('data-amount')),
      clientToken: data('data-client-token'),
      sdkClientToken,
      // As the provider's getUserIDToken (paypal/paypal-sdk-client src/script.js): an SDK token passed
      // alone is the user id token too.
      userIdToken: userIdToken ?? sdkClientToken,
      namespace: data('data-namespace'),
      partnerAttributionId: data('data-partner-attribution-id'),
      cspNonce: data('data-csp-nonce'),
      jsSdkLibrary: data('data-js-sdk-library'),
      sdkIntegrationSource: data('data-sdk-integration-source'),
      shopperSessionId: data('data-shopper-session-id'),
      userExperienceFlow: data('data-user-experience-flow'),
      clientMetadataId: data('data-client-metadata-id'),
      apiStageHost: data('data-api-stage-host'),
      stageHost: data('data-stage-host'),
    }),
  };

  return { src, query, data: dataConfig, warnings };
}

/** The same as readSdkConfig, as a result instead of a throw. */
export function tryReadSdkConfig(script: ScriptLike, options: ReadSdkConfigOptions = {}): { ok: true; config: SdkConfig } | { ok: false; error: string } {
  try {
    return { ok: true, config: readSdkConfig(script, options) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Keeps only the keys whose value is defined, so absent settings stay absent in the result. */
function optional<T extends Record<string, string | undefined>>(values: T): { [K in keyof T]?: string } {
  const result: { [K in keyof T]?: string } = {};
  for (const key of Object.keys(values) as Array<keyof T>) {
    const value = values[key];
    if (value !== undefined) result[key] = value;
  }
  return result;
}
