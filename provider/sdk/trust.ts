import { MOBILE_WALLET_DOMAIN, PROVIDER_DOMAIN } from './constants';

export interface TrustOptions {
  /** The local sandbox's origin (e.g. http://127.0.0.1:4173), trusted only when configured. */
  sandboxOrigin?: string | undefined;
}

function isDomainOrSubdomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/**
 * §6: messages are accepted only from the provider's domains and the mobile wallet's domain, over
 * https (and from the sandbox's exact origin when one is configured).
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
  return isDomainOrSubdomain(url.hostname, PROVIDER_DOMAIN) || isDomainOrSubdomain(url.hostname, MOBILE_WALLET_DOMAIN);
}
