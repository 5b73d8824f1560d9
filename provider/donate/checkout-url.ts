/**
 * §3, §7 Donation checkout and Remote donate button: where the checkout loads and with what.
 *
 * The checkout opens at {base}/donate/ with every §3 prop that is set as a query parameter, plus
 * sdkMeta and targetMeta; the remote button loads {base}/donate/smart/buttons with
 * hosted_button_id, token, sdkMeta and targetMeta. The base is the caller's baseUrl, else the
 * provider URL the site is configured with (the local sandbox by default), else the host of env.
 */

/** §3 Donate checkout props, in the spec's order. All are optional strings. */
export const DONATE_PROPS = [
  'env',
  'baseUrl',
  'token',
  'business',
  'hosted_button_id',
  'amount',
  'currency_code',
  'no_recurring',
  'no_shipping',
  'no_note',
  'cn',
  'item_name',
  'item_number',
  'cancel_return',
  'notify_url',
  'return',
  'cpp_header_image',
  'image_url',
  'invoice',
  'custom',
  'rm',
  'night_phone_a',
  'night_phone_b',
  'night_phone_c',
  'first_name',
  'last_name',
  'email',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'button_source',
  'bn',
  'on0',
  'os0',
  'on1',
  'os1',
] as const;

export type DonateProp = (typeof DONATE_PROPS)[number];
export type DonateProps = Partial<Record<DonateProp, string>>;

/** baseUrl chooses where the checkout loads; it is not sent to the checkout itself. */
const NOT_A_QUERY_PARAMETER: ReadonlySet<DonateProp> = new Set(['baseUrl']);

/** §3 Environments a donate button names; each is the provider's own host. */
export const PROVIDER_HOSTS = {
  production: 'https://www.paypal.com',
  sandbox: 'https://www.sandbox.paypal.com',
} as const;
export type DonateEnv = keyof typeof PROVIDER_HOSTS;
export const DONATE_ENVS = Object.keys(PROVIDER_HOSTS) as DonateEnv[];

/** §2: the provider's paths. */
export const CHECKOUT_PATH = '/donate/';
export const REMOTE_BUTTON_PATH = '/donate/smart/buttons';

/** How the checkout is shown, told to the provider in targetMeta so its page knows whom to answer. */
export type CheckoutTarget = 'popup' | 'iframe' | 'redirect' | 'remote';

/** What the donate script says about itself (sdkMeta). */
export const SDK_META = { name: 'sitecharts-donate', version: '1' } as const;

export interface TargetMeta {
  /** The page's origin: the only origin the provider's page posts its outcome to. */
  origin: string;
  target: CheckoutTarget;
}

export function isDonateEnv(value: string | undefined): value is DonateEnv {
  return value !== undefined && Object.hasOwn(PROVIDER_HOSTS, value);
}

/** Caller's baseUrl, else the configured provider, else the env's host (production by default). */
export function resolveProviderBase(options: { baseUrl?: string; providerUrl?: string | null; env?: string }): string {
  const chosen = options.baseUrl || options.providerUrl || PROVIDER_HOSTS[isDonateEnv(options.env) ? options.env : 'production'];
  return chosen.replace(/\/+$/, '');
}

/** The origin messages from the checkout must come from. */
export function providerOrigin(base: string): string {
  return new URL(base).origin;
}

/** base64url of the UTF-8 JSON, safe in a query string. */
export function encodeMeta(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The inverse of encodeMeta; undefined for anything that is not such a value. */
export function decodeMeta(text: string): unknown {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads targetMeta back (the sandbox does), accepting only an http(s) origin and a known target. */
export function readTargetMeta(text: string | undefined): TargetMeta | undefined {
  if (!text) return undefined;
  const value = decodeMeta(text);
  if (typeof value !== 'object' || value === null) return undefined;
  const { origin, target } = value as Record<string, unknown>;
  if (typeof origin !== 'string' || typeof target !== 'string') return undefined;
  if (!['popup', 'iframe', 'redirect', 'remote'].includes(target)) return undefined;
  try {
    const url = new URL(origin);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return undefined;
  } catch {
    return undefined;
  }
  return { origin, target: target as CheckoutTarget };
}

export interface CheckoutUrlOptions {
  base: string;
  props: DonateProps;
  /** The page's origin, for targetMeta. */
  origin: string;
  target: Exclude<CheckoutTarget, 'remote'>;
}

/** §7 Donation checkout: {base}/donate/?<every set §3 prop>&sdkMeta=…&targetMeta=… */
export function checkoutUrl({ base, props, origin, target }: CheckoutUrlOptions): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${CHECKOUT_PATH}`);
  for (const name of DONATE_PROPS) {
    const value = props[name];
    if (value === undefined || value === '' || NOT_A_QUERY_PARAMETER.has(name)) continue;
    url.searchParams.set(name, value);
  }
  url.searchParams.set('sdkMeta', encodeMeta(SDK_META));
  url.searchParams.set('targetMeta', encodeMeta({ origin, target } satisfies TargetMeta));
  return url.toString();
}

export interface RemoteButtonOptions {
  base: string;
  hostedButtonId?: string;
  token?: string;
  origin: string;
}

/** §7 Remote donate button: {base}/donate/smart/buttons?hosted_button_id&token&sdkMeta&targetMeta */
export function remoteButtonUrl({ base, hostedButtonId, token, origin }: RemoteButtonOptions): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${REMOTE_BUTTON_PATH}`);
  if (hostedButtonId) url.searchParams.set('hosted_button_id', hostedButtonId);
  if (token) url.searchParams.set('token', token);
  url.searchParams.set('sdkMeta', encodeMeta(SDK_META));
  url.searchParams.set('targetMeta', encodeMeta({ origin, target: 'remote' } satisfies TargetMeta));
  return url.toString();
}

/** Only the §3 props out of any record of strings (a query string, a dataset). */
export function pickDonateProps(source: Readonly<Record<string, string | undefined>>): DonateProps {
  const props: DonateProps = {};
  for (const name of DONATE_PROPS) {
    const value = source[name];
    if (typeof value === 'string' && value !== '') props[name] = value;
  }
  return props;
}
