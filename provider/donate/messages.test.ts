import { describe, expect, it } from 'vitest';
import { MESSAGE_SOURCE, readCheckoutMessage } from './messages';
import { popupOpenMessage, POPUP_BLOCKED_MESSAGE } from './errors';

const PROVIDER = 'http://127.0.0.1:4174';

describe('messages from the checkout are trusted only from the provider origin', () => {
  it('reads ready, complete and cancel from the provider', () => {
    expect(readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'ready' }, PROVIDER)).toEqual({ type: 'checkout.ready' });
    expect(readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'cancel' }, PROVIDER)).toEqual({ type: 'checkout.cancel' });
    expect(
      readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'complete', data: { tx: 'T1' }, returnUrl: 'https://site.example/thanks' }, PROVIDER),
    ).toEqual({ type: 'checkout.complete', data: { tx: 'T1' }, returnUrl: 'https://site.example/thanks' });
  });

  it('ignores the same message from any other origin', () => {
    const message = { source: MESSAGE_SOURCE, type: 'complete', data: { tx: 'forged' } };
    expect(readCheckoutMessage('http://127.0.0.1:4173', message, PROVIDER)).toBeNull();
    expect(readCheckoutMessage('null', message, PROVIDER)).toBeNull();
    expect(readCheckoutMessage('http://127.0.0.1:41740', message, PROVIDER)).toBeNull();
  });

  it('ignores other shapes, and drops a non-http return URL and non-string data', () => {
    expect(readCheckoutMessage(PROVIDER, 'complete', PROVIDER)).toBeNull();
    expect(readCheckoutMessage(PROVIDER, { source: 'other', type: 'complete' }, PROVIDER)).toBeNull();
    expect(readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'explode' }, PROVIDER)).toBeNull();
    expect(
      readCheckoutMessage(PROVIDER, { source: MESSAGE_SOURCE, type: 'complete', data: { n: 1 }, returnUrl: 'javascript:alert(1)' }, PROVIDER),
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
