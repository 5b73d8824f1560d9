import {
  checkoutUrl,
  providerOrigin,
  remoteButtonUrl,
  resolveProviderBase,
  type CheckoutTarget,
  type DonateProps,
} from '../../provider/donate/checkout-url';

/** Where the checkout loads once the site's provider setting is known. */
export interface CheckoutPlace {
  base: string;
  /** The only origin whose messages the checkout machine listens to. */
  trustedOrigin: string;
}

export function placeCheckout(options: { baseUrl?: string; providerUrl?: string | null; env?: string }): CheckoutPlace {
  const base = resolveProviderBase(options);
  return { base, trustedOrigin: providerOrigin(base) };
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
