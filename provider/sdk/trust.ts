import { MOBILE_WALLET_DOMAIN, PROVIDER_DOMAINS } from './constants';

export interface TrustOptions {
  /** The local sandbox's origin (e.g. http://127.0.0.1:4173), trusted only when configured. */
  sandboxOrigin?: string | undefined;
}

function isDomainOrSubdomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/**
 * §6: messages are accepted only from the provider's domains (paypal.com, paypal.cn) and the mobile
 * wallet's domain, over https (and from the sandbox's exact origin when one is configured).
 * Decision (docs/sdk.md, "Where the client differs from the provider's code"): https only; the
 * provider's own check also accepts http:// for both.
 */
export function isTrustedOrigin(origin: string, { sandboxOrigin }: TrustOptions = {}): boolean {
  if (sandboxOrigin && origin === new URL(sandboxOrigin).origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.origin !== origin) return false;
  return [...PROVIDER_DOMAINS, MOBILE_WALLET_DOMAIN].some((domain) => isDomainOrSubdomain(url.hostname, domain));
}
