import { describe, expect, it } from 'vitest';
import { MESSAGE_SOURCE, readCheckoutMessage } from './messages';
import { isTrustedOrigin } from '../sdk/trust';
import { popupOpenMessage, POPUP_BLOCKED_MESSAGE } from './errors';

const PROVIDER = 'http://127.0.0.1:4174';
/** The sandbox configured as the site's provider, and the checkout loaded from it. */
const SANDBOX = { checkoutOrigin: PROVIDER, sandboxOrigin: PROVIDER };

describe('messages from the checkout are trusted only from the provider origin', () => {
  it('reads ready, complete, cancel and escape from the provider', () => {
    expect(readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'ready' }, SANDBOX)).toEqual({ type: 'checkout.ready' });
    expect(readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'cancel' }, SANDBOX)).toEqual({ type: 'checkout.cancel' });
    expect(readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'escape' }, SANDBOX)).toEqual({ type: 'checkout.escape' });
    expect(readCheckoutMessage('null', { source: MESSAGE_SOURCE, type: 'escape' }, SANDBOX)).toBeNull();
    expect(
      readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'complete', data: { tx: 'T1' }, returnUrl: 'https://site.example/thanks' }, SANDBOX),
    ).toEqual({ type: 'checkout.complete', data: { tx: 'T1' }, returnUrl: 'https://site.example/thanks' });
  });

  it('reads a framed checkout’s content height (issue 31.25); a height that is not a positive number is no message', () => {
    const resize = (height: unknown) => readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'resize', height }, SANDBOX);
    expect(resize(119.5)).toEqual({ type: 'checkout.resize', height: 119.5 });
    for (const bad of [0, -20, Number.NaN, Number.POSITIVE_INFINITY, '300', null, undefined]) expect(resize(bad)).toBeNull();
    expect(readCheckoutMessage('http://127.0.0.1:4173', { source: MESSAGE_SOURCE, type: 'resize', height: 300 }, SANDBOX)).toBeNull();
  });

  it('ignores the same message from any other origin', () => {
    const message = { source: MESSAGE_SOURCE, type: 'complete', data: { tx: 'forged' } };
    expect(readCheckoutMessage('http://127.0.0.1:4173', message, SANDBOX)).toBeNull();
    expect(readCheckoutMessage('null', message, SANDBOX)).toBeNull();
    expect(readCheckoutMessage('http://127.0.0.1:41740', message, SANDBOX)).toBeNull();
  });

  it('goes through the payment SDK’s trust rule (§6): a checkout origin that is neither a provider domain nor the configured sandbox is ignored', () => {
    const message = { source: MESSAGE_SOURCE, type: 'ready' };
    // A button whose baseUrl points elsewhere: the message comes from the checkout's own origin, yet it does not count.
    expect(isTrustedOrigin('https://donate.example')).toBe(false);
    expect(readCheckoutMessage('https://donate.example', message, { checkoutOrigin: 'https://donate.example', sandboxOrigin: PROVIDER })).toBeNull();
    // Without a configured sandbox, the local origin is no longer trusted either.
    expect(readCheckoutMessage(PROVIDER, message, { checkoutOrigin: PROVIDER })).toBeNull();
    // The provider's own hosts are trusted by the SDK's domain rule, over https only.
    expect(readCheckoutMessage('https://www.sandbox.paypal.com', message, { checkoutOrigin: 'https://www.sandbox.paypal.com' })).toEqual({ type: 'checkout.ready' });
    expect(readCheckoutMessage('http://www.paypal.com', message, { checkoutOrigin: 'http://www.paypal.com' })).toBeNull();
    // Trusted by the SDK, but not the origin this checkout loaded from.
    expect(readCheckoutMessage('https://www.paypal.com', message, { checkoutOrigin: 'https://www.sandbox.paypal.com' })).toBeNull();
  });

  it('ignores other shapes, and drops a non-http return URL and non-string data', () => {
    expect(readCheckoutMessage(PROVIDER, 'complete', SANDBOX)).toBeNull();
    expect(readCheckoutMessage(PROVIDER, { source: 'other', type: 'complete' }, SANDBOX)).toBeNull();
    expect(readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'explode' }, SANDBOX)).toBeNull();
    expect(
      readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'complete', data: { n: 1 }, returnUrl: 'javascript:alert(1)' }, SANDBOX),
    ).toEqual({ type: 'checkout.complete', data: {} });
  });
});

describe('§8 PopupOpenError messages', () => {
  it('says blocked, or the underlying cause after the dash', () => {
    expect(popupOpenMessage()).toBe(POPUP_BLOCKED_MESSAGE);
    expect(POPUP_BLOCKED_MESSAGE).toBe('Can not open popup window - blocked');
    expect(popupOpenMessage(new Error('SecurityError: not allowed'))).toBe('Can not open popup window - SecurityError: not allowed');
  });
});
