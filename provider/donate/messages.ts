import { isTrustedOrigin } from '../sdk/trust';

/**
 * What the provider's checkout page posts to its opener or parent, and the rule the product
 * applies to every message: it counts only from the origin the checkout was loaded from, only when
 * the payment SDK's trust rule (provider/sdk/trust.ts, §6) trusts that origin, and only in this
 * shape. Anything else is ignored.
 */
export const MESSAGE_SOURCE = 'provider-donate';

export type DonationData = Readonly<Record<string, string>>;

export type CheckoutMessage =
  | { type: 'checkout.ready' }
  | { type: 'checkout.complete'; data: DonationData; returnUrl?: string }
  | { type: 'checkout.cancel' }
  /** The visitor pressed Escape inside the checkout: keys in its frame never reach the page (issue 23.4). */
  | { type: 'checkout.escape' }
  /** A framed checkout's content height in CSS px, so the page can size the frame to it (issue 31.25); the page clamps it. */
  | { type: 'checkout.resize'; height: number };

/** The wire format the sandbox writes (server/provider-sandbox) and the page reads. */
export interface CheckoutWireMessage {
  source: typeof MESSAGE_SOURCE;
  type: 'ready' | 'complete' | 'cancel' | 'escape' | 'resize';
  data?: Record<string, string>;
  height?: number;
  returnUrl?: string;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Whom a checkout's messages may come from. */
export interface CheckoutTrust {
  /** The origin the checkout was loaded from. */
  checkoutOrigin: string;
  /** The site's configured provider (the local sandbox by default): trusted exactly, as the SDK's sandbox origin. */
  sandboxOrigin?: string | undefined;
}

export function readCheckoutMessage(origin: string, data: unknown, { checkoutOrigin, sandboxOrigin }: CheckoutTrust): CheckoutMessage | null {
  if (origin !== checkoutOrigin || !isTrustedOrigin(origin, { sandboxOrigin })) return null;
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<Record<keyof CheckoutWireMessage, unknown>>;
  if (message.source !== MESSAGE_SOURCE) return null;
  switch (message.type) {
    case 'ready':
      return { type: 'checkout.ready' };
    case 'cancel':
      return { type: 'checkout.cancel' };
    case 'escape':
      return { type: 'checkout.escape' };
    case 'resize':
      return typeof message.height === 'number' && Number.isFinite(message.height) && message.height > 0 ? { type: 'checkout.resize', height: message.height } : null;
    case 'complete': {
      const result: CheckoutMessage = { type: 'checkout.complete', data: isStringRecord(message.data) ? message.data : {} };
      return typeof message.returnUrl === 'string' && isHttpUrl(message.returnUrl) ? { ...result, returnUrl: message.returnUrl } : result;
    }
    default:
      return null;
  }
}
