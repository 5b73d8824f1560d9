import {
  checkoutUrl,
  providerOrigin,
  remoteButtonUrl,
  resolveProviderBase,
  type CheckoutTarget,
  type DonateProps,
} from '../../provider/donate/checkout-url';
import type { CheckoutTrust } from '../../provider/donate/messages';

/**
 * Issue 31.25: the remote button's frame before the provider has said how tall its content is: the
 * provider's button as it first shows, so the frame taking its content's height moves nothing
 * around it. Issue 49.7: the sandbox's button page is the button and a 0.5 rem margin (64 px at
 * 240-1280 px wide); it had a heading and paragraph margins, and the frame kept 120 px for it.
 */
export const REMOTE_FRAME_HEIGHT_PX = 64;
/** The heights a provider's resize message may give the frame: a bad or hostile value cannot hide it or stretch the page. */
export const REMOTE_FRAME_MIN_HEIGHT_PX = 44;
export const REMOTE_FRAME_MAX_HEIGHT_PX = 800;

/** The frame's height for a provider's reported content height: whole px, within the bounds. */
export function frameHeightFor(reported: number): number {
  return Math.min(Math.max(Math.ceil(reported), REMOTE_FRAME_MIN_HEIGHT_PX), REMOTE_FRAME_MAX_HEIGHT_PX);
}

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
