import {
  checkoutUrl,
  providerOrigin,
  remoteButtonUrl,
  resolveProviderBase,
  type CheckoutTarget,
  type DonateProps,
} from '../../provider/donate/checkout-url';
import type { CheckoutTrust } from '../../provider/donate/messages';

/** Where the checkout loads once the site's provider setting is known, and whose messages count. */
export interface CheckoutPlace {
  base: string;
  trust: CheckoutTrust;
}

/**
 * The checkout answers from its own origin. The site's configured provider (the local sandbox by
 * default) is trusted as the SDK's sandbox origin; a button's own baseUrl must be a provider domain
 * or that configured origin, or its messages are ignored (§6).
 */
export function placeCheckout(options: { baseUrl?: string; providerUrl?: string | null; env?: string }): CheckoutPlace {
  const base = resolveProviderBase(options);
  const trust: CheckoutTrust = { checkoutOrigin: providerOrigin(base) };
  return { base, trust: options.providerUrl ? { ...trust, sandboxOrigin: providerOrigin(options.providerUrl) } : trust };
}

export function checkoutUrlFor(
  place: CheckoutPlace | null,
  props: DonateProps,
  origin: string,
  target: Exclude<CheckoutTarget, 'remote'>,
): string {
  return place ? checkoutUrl({ base: place.base, props, origin, target }) : '';
}

export function remoteUrlFor(place: CheckoutPlace | null, props: DonateProps, origin: string): string {
  return place ? remoteButtonUrl({ base: place.base, hostedButtonId: props.hosted_button_id, token: props.token, origin }) : '';
}
