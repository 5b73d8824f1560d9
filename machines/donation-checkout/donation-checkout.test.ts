import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { readTargetMeta } from '../../provider/donate/checkout-url';
import { OVERLAY_ALERTS } from '../../provider/donate/popup-support';
import type { CheckoutTrust } from '../../provider/donate/messages';
import { REMOTE_FRAME_HEIGHT_PX, REMOTE_FRAME_MAX_HEIGHT_PX, REMOTE_FRAME_MIN_HEIGHT_PX } from './donation-checkout.rules';
import {
  OVERLAY_FADE_MS,
  POPUP_FALLBACK_MS,
  donationCheckoutMachine,
  type CheckoutMessageEvent,
  type DonationCheckoutInput,
  type PopupWindowEvent,
  type PopupWindowInput,
} from './donation-checkout.machine';

const PROVIDER = 'http://127.0.0.1:4174';
const ORIGIN = 'http://127.0.0.1:4173';

const baseInput: DonationCheckoutInput = {
  variant: 'checkout',
  props: { env: 'production', hosted_button_id: 'HB-42', amount: '25' },
  origin: ORIGIN,
  popupsSupported: true,
  documentMode: false,
  overlayAlert: null,
  hideCloseButton: false,
};

type PopupBehaviour = 'opens' | 'blocked' | 'throws' | 'silent';

/** A checkout with fake adapters: the popup does what `popup` says; effects are recorded. */
function setupCheckout(options: { input?: Partial<DonationCheckoutInput>; popup?: PopupBehaviour; providerUrl?: string | null; configFails?: boolean } = {}) {
  const clock = createTestClock();
  const effects = {
    redirectToCheckout: vi.fn<(url: string) => void>(),
    logOpenError: vi.fn<(message: string) => void>(),
    focusPopup: vi.fn(),
    closePopup: vi.fn(),
    alertVisitor: vi.fn<(message: string) => void>(),
    notifyComplete: vi.fn<(data: unknown) => void>(),
    redirectParent: vi.fn<(url: string) => void>(),
    openedAt: [] as string[],
    trusted: [] as CheckoutTrust[],
  };
  let sendToMachine: ((event: PopupWindowEvent) => void) | undefined;
  let sendMessage: ((event: CheckoutMessageEvent) => void) | undefined;
  const behaviour = options.popup ?? 'opens';
  const machine = donationCheckoutMachine.provide({
    actors: {
      loadProviderConfig: fromPromise(async () => {
        if (options.configFails) throw new Error('offline');
        return { providerUrl: options.providerUrl === undefined ? PROVIDER : options.providerUrl };
      }),
      popupWindow: fromCallback<PopupWindowEvent, PopupWindowInput>(({ sendBack, input }) => {
        effects.openedAt.push(input.url);
        sendToMachine = sendBack;
        if (behaviour === 'opens') sendBack({ type: 'popup.opened' });
        if (behaviour === 'blocked') sendBack({ type: 'popup.blocked' });
        if (behaviour === 'throws') sendBack({ type: 'popup.error', message: 'Can not open popup window - SecurityError' });
        return () => undefined;
      }),
      checkoutMessages: fromCallback<CheckoutMessageEvent, CheckoutTrust>(({ sendBack, input }) => {
        effects.trusted.push(input);
        sendMessage = sendBack;
        return () => {
          sendMessage = undefined;
        };
      }),
    },
    actions: {
      redirectToCheckout: (_, params) => effects.redirectToCheckout(params.url),
      logOpenError: (_, params) => effects.logOpenError(params.message),
      focusPopup: () => effects.focusPopup(),
      closePopup: () => effects.closePopup(),
      alertVisitor: (_, params) => effects.alertVisitor(params.message),
      notifyComplete: (_, params) => effects.notifyComplete(params.data),
      redirectParent: (_, params) => effects.redirectParent(params.url),
    },
  });
  const actor = createActor(machine, { input: { ...baseInput, ...options.input }, clock });
  actor.start();
  return {
    actor,
    clock,
    /** The provider setting resolves on a microtask. */
    configured: () => waitFor(actor, (snapshot) => !snapshot.matches('configuring')),
    effects,
    state: () => actor.getSnapshot().value,
    matches: (value: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) => actor.getSnapshot().matches(value),
    popupSays: (event: PopupWindowEvent) => sendToMachine?.(event),
    checkoutSays: (event: CheckoutMessageEvent) => sendMessage?.(event),
  };
}


async function started(options: Parameters<typeof setupCheckout>[0] = {}) {
  const checkout = setupCheckout(options);
  await checkout.configured();
  checkout.actor.send({ type: 'donate.start' });
  return checkout;
}

describe('§4 donation checkout: configuring', () => {
  it('waits for the provider setting, then is idle', async () => {
    const checkout = setupCheckout();
    expect(checkout.state()).toBe('configuring');
    await checkout.configured();
    expect(checkout.state()).toBe('idle');
    expect(checkout.actor.getSnapshot().context.place).toEqual({ base: PROVIDER, trust: { checkoutOrigin: PROVIDER, sandboxOrigin: PROVIDER } });
  });

  it('a click while configuring starts the checkout as soon as the setting is known', async () => {
    const checkout = setupCheckout();
    checkout.actor.send({ type: 'donate.start' });
    await checkout.configured();
    expect(checkout.matches({ popup: 'loading' })).toBe(true);
  });

  it('a start that waited for the setting opens one popup and is spent: Close, then the next start opens one more', async () => {
    const checkout = setupCheckout();
    checkout.actor.send({ type: 'donate.start' });
    await checkout.configured();
    expect(checkout.effects.openedAt).toHaveLength(1);
    expect(checkout.actor.getSnapshot().context.startRequested).toBe(false);
    checkout.actor.send({ type: 'overlay.close' });
    expect(checkout.state()).toBe('closed');
    checkout.actor.send({ type: 'donate.start' });
    expect(checkout.effects.openedAt).toHaveLength(2);
  });

  it('without the setting the env host is used; the caller’s baseUrl wins over both', async () => {
    const failed = setupCheckout({ configFails: true, input: { props: { env: 'sandbox' } } });
    await failed.configured();
    expect(failed.actor.getSnapshot().context.place?.base).toBe('https://www.sandbox.paypal.com');
    const own = setupCheckout({ input: { props: { baseUrl: 'https://donate.example/' } } });
    await own.configured();
    expect(own.actor.getSnapshot().context.place).toEqual({
      base: 'https://donate.example',
      trust: { checkoutOrigin: 'https://donate.example', sandboxOrigin: PROVIDER },
    });
  });
});

describe('§4 donation checkout: popup', () => {
  it('opens the popup at the checkout URL with the props, sdkMeta and targetMeta; the spinner shows until the checkout is ready', async () => {
    const checkout = await started();
    expect(checkout.matches({ popup: 'loading' })).toBe(true);
    const url = new URL(checkout.effects.openedAt[0] ?? '');
    expect(url.origin + url.pathname).toBe(`${PROVIDER}/donate/`);
    expect(url.searchParams.get('hosted_button_id')).toBe('HB-42');
    expect(url.searchParams.get('amount')).toBe('25');
    expect(readTargetMeta(url.searchParams.get('targetMeta') ?? undefined)).toEqual({ origin: ORIGIN, target: 'popup' });
    expect(checkout.effects.trusted).toEqual([{ checkoutOrigin: PROVIDER, sandboxOrigin: PROVIDER }]);
    checkout.checkoutSays({ type: 'checkout.ready' });
    expect(checkout.matches({ popup: 'ready' })).toBe(true);
    checkout.clock.advanceBy(10_000);
    expect(checkout.matches({ popup: 'ready' })).toBe(true);
    expect(checkout.effects.redirectToCheckout).not.toHaveBeenCalled();
  });

  it('completing closes the popup, keeps the donation and calls onComplete', async () => {
    const checkout = await started();
    checkout.checkoutSays({ type: 'checkout.complete', data: { tx: 'TX1', amt: '25' } });
    expect(checkout.state()).toBe('completed');
    expect(checkout.effects.closePopup).toHaveBeenCalledTimes(1);
    expect(checkout.effects.notifyComplete).toHaveBeenCalledWith({ tx: 'TX1', amt: '25' });
    expect(checkout.actor.getSnapshot().context.donation).toEqual({ tx: 'TX1', amt: '25' });
    expect(checkout.effects.redirectParent).not.toHaveBeenCalled();
  });

  it('a completion with a return URL calls redirectParentWindow with it', async () => {
    const checkout = await started();
    checkout.checkoutSays({ type: 'checkout.complete', data: {}, returnUrl: 'https://harbourlight.example/thanks/' });
    expect(checkout.effects.redirectParent).toHaveBeenCalledWith('https://harbourlight.example/thanks/');
  });

  it('closing the overlay closes the popup; a closed popup or a cancel ends closed; the button starts again', async () => {
    const byOverlay = await started();
    byOverlay.actor.send({ type: 'overlay.close' });
    expect(byOverlay.state()).toBe('closed');
    expect(byOverlay.effects.closePopup).toHaveBeenCalledTimes(1);

    const byWindow = await started();
    byWindow.popupSays({ type: 'popup.closed' });
    expect(byWindow.state()).toBe('closed');

    const byCancel = await started();
    byCancel.checkoutSays({ type: 'checkout.cancel' });
    expect(byCancel.state()).toBe('closed');
    expect(byCancel.effects.notifyComplete).not.toHaveBeenCalled();

    byCancel.actor.send({ type: 'donate.start' });
    expect(byCancel.matches({ popup: 'loading' })).toBe(true);
    expect(byCancel.effects.openedAt).toHaveLength(2);
  });

  it('a click on the overlay refocuses the popup; iOS and Firefox first get their alert', async () => {
    const plain = await started();
    plain.actor.send({ type: 'overlay.focus' });
    expect(plain.effects.focusPopup).toHaveBeenCalledTimes(1);
    expect(plain.effects.alertVisitor).not.toHaveBeenCalled();

    const ios = await started({ input: { overlayAlert: 'ios' } });
    ios.actor.send({ type: 'overlay.focus' });
    expect(ios.effects.alertVisitor).toHaveBeenCalledWith(OVERLAY_ALERTS.ios);
    expect(ios.effects.focusPopup).toHaveBeenCalledTimes(1);

    const firefox = await started({ input: { overlayAlert: 'firefox' } });
    firefox.actor.send({ type: 'overlay.focus' });
    expect(firefox.effects.alertVisitor).toHaveBeenCalledWith(OVERLAY_ALERTS.firefox);
    expect(firefox.effects.focusPopup).toHaveBeenCalledTimes(1);
  });
});

describe('§4, §8 donation checkout: redirects', () => {
  const redirectTarget = (url: string | undefined) => readTargetMeta(new URL(url ?? '').searchParams.get('targetMeta') ?? undefined)?.target;

  it('a blocked popup logs PopupOpenError "blocked" and redirects the page to the checkout URL', async () => {
    const checkout = await started({ popup: 'blocked' });
    expect(checkout.state()).toBe('redirecting');
    expect(checkout.effects.logOpenError).toHaveBeenCalledWith('Can not open popup window - blocked');
    expect(checkout.effects.redirectToCheckout).toHaveBeenCalledTimes(1);
    const url = checkout.effects.redirectToCheckout.mock.calls[0]?.[0];
    expect(url).toMatch(new RegExp(`^${PROVIDER}/donate/\\?.*hosted_button_id=HB-42`));
    expect(redirectTarget(url)).toBe('redirect');
  });

  it('an error at open is logged with its cause and redirects', async () => {
    const checkout = await started({ popup: 'throws' });
    expect(checkout.state()).toBe('redirecting');
    expect(checkout.effects.logOpenError).toHaveBeenCalledWith('Can not open popup window - SecurityError');
    expect(checkout.actor.getSnapshot().context.lastError).toBe('Can not open popup window - SecurityError');
    expect(checkout.effects.redirectToCheckout).toHaveBeenCalledTimes(1);
  });

  it('no popup after 500 ms redirects; not a millisecond earlier', async () => {
    const checkout = await started({ popup: 'silent' });
    expect(checkout.matches({ popup: 'opening' })).toBe(true);
    checkout.clock.advanceBy(POPUP_FALLBACK_MS - 1);
    expect(checkout.matches({ popup: 'opening' })).toBe(true);
    expect(checkout.effects.redirectToCheckout).not.toHaveBeenCalled();
    checkout.clock.advanceBy(1);
    expect(checkout.state()).toBe('redirecting');
    expect(checkout.effects.redirectToCheckout).toHaveBeenCalledTimes(1);
    expect(checkout.effects.logOpenError).not.toHaveBeenCalled();
  });

  it('a popup that opens in time cancels the 500 ms fallback', async () => {
    const checkout = await started({ popup: 'silent' });
    checkout.clock.advanceBy(200);
    checkout.popupSays({ type: 'popup.opened' });
    checkout.clock.advanceBy(1_000);
    expect(checkout.matches({ popup: 'loading' })).toBe(true);
    expect(checkout.clock.pending()).toBe(0);
  });

  it('donate.configure (the page’s JS call after the button started) gives the checkout new props', async () => {
    const checkout = setupCheckout({ input: { documentMode: true } });
    await checkout.configured();
    checkout.actor.send({ type: 'donate.configure', props: { hosted_button_id: 'HB-NEW', amount: '25.00' } });
    expect(checkout.state()).toBe('idle');
    checkout.actor.send({ type: 'donate.start' });
    const url = new URL(String(checkout.effects.redirectToCheckout.mock.calls[0]?.[0]));
    expect(url.searchParams.get('hosted_button_id')).toBe('HB-NEW');
    expect(url.searchParams.get('amount')).toBe('25.00');
  });

  it('IE-style browsers (documentMode) always redirect, without trying a popup', async () => {
    const checkout = await started({ input: { documentMode: true } });
    expect(checkout.state()).toBe('redirecting');
    expect(checkout.effects.openedAt).toEqual([]);
    expect(checkout.effects.redirectToCheckout).toHaveBeenCalledTimes(1);
    expect(checkout.actor.getSnapshot().context.redirectedTo).toBe(checkout.effects.redirectToCheckout.mock.calls[0]?.[0]);
  });
});

describe('§4 donation checkout: embedded frame when popups are unsupported', () => {
  it('shows the spinner, then the frame fades in over 0.3 s', async () => {
    const checkout = await started({ input: { popupsSupported: false } });
    expect(checkout.matches({ framing: 'prerendering' })).toBe(true);
    expect(checkout.effects.openedAt).toEqual([]);
    checkout.clock.advanceBy(5_000);
    expect(checkout.matches({ framing: 'prerendering' })).toBe(true);
    checkout.actor.send({ type: 'frame.loaded' });
    expect(checkout.matches({ framing: 'revealing' })).toBe(true);
    checkout.clock.advanceBy(OVERLAY_FADE_MS - 1);
    expect(checkout.matches({ framing: 'revealing' })).toBe(true);
    checkout.clock.advanceBy(1);
    expect(checkout.matches({ framing: 'shown' })).toBe(true);
  });

  it('a click on the overlay does nothing when popups are unsupported', async () => {
    const checkout = await started({ input: { popupsSupported: false, overlayAlert: 'ios' } });
    checkout.actor.send({ type: 'overlay.focus' });
    expect(checkout.effects.focusPopup).not.toHaveBeenCalled();
    expect(checkout.effects.alertVisitor).not.toHaveBeenCalled();
  });

  it('close, cancel and complete end the frame', async () => {
    const closed = await started({ input: { popupsSupported: false } });
    closed.actor.send({ type: 'overlay.close' });
    expect(closed.state()).toBe('closed');
    expect(closed.effects.closePopup).not.toHaveBeenCalled();

    const cancelled = await started({ input: { popupsSupported: false } });
    cancelled.checkoutSays({ type: 'checkout.cancel' });
    expect(cancelled.state()).toBe('closed');

    const completed = await started({ input: { popupsSupported: false } });
    completed.checkoutSays({ type: 'checkout.complete', data: { tx: 'F1' }, returnUrl: 'https://harbourlight.example/thanks/' });
    expect(completed.state()).toBe('completed');
    expect(completed.effects.notifyComplete).toHaveBeenCalledWith({ tx: 'F1' });
    expect(completed.effects.redirectParent).toHaveBeenCalledWith('https://harbourlight.example/thanks/');
  });

  it('Escape forwarded by the checkout closes the frame; in a popup it is the popup window’s own key (issue 23.4)', async () => {
    const framed = await started({ input: { popupsSupported: false } });
    framed.checkoutSays({ type: 'checkout.escape' });
    expect(framed.state()).toBe('closed');
    expect(framed.effects.notifyComplete).not.toHaveBeenCalled();

    const popup = await started();
    popup.checkoutSays({ type: 'checkout.escape' });
    expect(popup.matches('popup')).toBe(true);
    expect(popup.effects.closePopup).not.toHaveBeenCalled();
  });

  it('documentMode wins over unsupported popups', async () => {
    const checkout = await started({ input: { popupsSupported: false, documentMode: true } });
    expect(checkout.state()).toBe('redirecting');
  });
});

describe('§3, §7 remote donate button', () => {
  it('loads the provider’s button and reports completion to onComplete', async () => {
    const checkout = setupCheckout({ input: { variant: 'remote' } });
    await checkout.configured();
    expect(checkout.matches({ remote: 'loading' })).toBe(true);
    checkout.actor.send({ type: 'frame.loaded' });
    expect(checkout.matches({ remote: 'ready' })).toBe(true);
    checkout.checkoutSays({ type: 'checkout.complete', data: { tx: 'R1' } });
    expect(checkout.matches({ remote: 'done' })).toBe(true);
    expect(checkout.effects.notifyComplete).toHaveBeenCalledWith({ tx: 'R1' });
    expect(checkout.effects.trusted).toEqual([{ checkoutOrigin: PROVIDER, sandboxOrigin: PROVIDER }]);
  });
});

describe('issue 31.25: the remote button’s frame takes its content’s height', () => {
  it('starts at the provider button’s first height and follows the provider’s resize messages, clamped', async () => {
    const checkout = setupCheckout({ input: { variant: 'remote' } });
    await checkout.configured();
    const height = () => checkout.actor.getSnapshot().context.frameHeight;
    expect(height()).toBe(REMOTE_FRAME_HEIGHT_PX);
    checkout.checkoutSays({ type: 'checkout.resize', height: 269.97 });
    expect(height()).toBe(270);
    checkout.checkoutSays({ type: 'checkout.resize', height: 100_000 });
    expect(height()).toBe(REMOTE_FRAME_MAX_HEIGHT_PX);
    checkout.checkoutSays({ type: 'checkout.resize', height: 3 });
    expect(height()).toBe(REMOTE_FRAME_MIN_HEIGHT_PX);
    expect(checkout.matches({ remote: 'loading' })).toBe(true);
  });
});

describe('every actor and timer is stopped', () => {
  it('leaves no timer after stop in the middle of the fallback', async () => {
    const checkout = await started({ popup: 'silent' });
    expect(checkout.clock.pending()).toBe(1);
    checkout.actor.stop();
    expect(checkout.clock.pending()).toBe(0);
  });
});
