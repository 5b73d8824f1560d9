import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { DonateProps } from '../../provider/donate/checkout-url';
import type { CheckoutTrust, DonationData } from '../../provider/donate/messages';
import { OVERLAY_ALERTS, type OverlayAlert } from '../../provider/donate/popup-support';
import { POPUP_BLOCKED_MESSAGE } from '../../provider/donate/errors';
import { checkoutUrlFor, frameHeightFor, placeCheckout, REMOTE_FRAME_HEIGHT_PX, type CheckoutPlace } from './donation-checkout.rules';

/** §4, §9: with no popup open after 500 ms the whole page is redirected to the checkout. */
export const POPUP_FALLBACK_MS = 500;
/** §9: the overlay and the real frame fade in over 0.3 s. */
export const OVERLAY_FADE_MS = 300;

/**
 * §4 Donation checkout. A click starts the checkout: IE-style browsers are redirected at once;
 * where popups are unsupported it opens in an embedded frame inside the overlay (a spinner until
 * the frame has loaded, then the frame fades in); otherwise in a popup with the overlay over the
 * page. A blocked popup, an error at open, or no popup within 500 ms redirects the whole page.
 * The checkout ends completed or closed; the button can start it again. The remote variant shows
 * the provider's own button in a frame and reports completion the same way.
 */
export interface DonationCheckoutInput {
  variant: 'checkout' | 'remote';
  props: DonateProps;
  /** The page's origin, sent in targetMeta so the provider answers only this page. */
  origin: string;
  popupsSupported: boolean;
  documentMode: boolean;
  overlayAlert: OverlayAlert;
  hideCloseButton: boolean;
}

export interface ProviderConfig {
  /** The site's configured provider (the sandbox by default); null uses the env host. */
  providerUrl: string | null;
}

export interface DonationCheckoutContext extends DonationCheckoutInput {
  place: CheckoutPlace | null;
  startRequested: boolean;
  /** Where the page was sent, once it was. */
  redirectedTo: string | null;
  lastError: string | null;
  donation: DonationData | null;
  /** The remote button's frame height, px: its content's, as the provider reports it (clamped). */
  frameHeight: number;
}

/**
 * What the popup is opened with: the checkout's address. The widget's actor opens it once the overlay
 * has been drawn, in a task after that frame and still inside the visitor's tap's activation (issue 49,
 * goal 1: opening a window holds the main thread for 150-300 ms on a phone, which the tap's frame would
 * otherwise wait for).
 */
export interface PopupWindowInput {
  url: string;
}

export type PopupWindowEvent = { type: 'popup.opened' } | { type: 'popup.blocked' } | { type: 'popup.error'; message: string } | { type: 'popup.closed' };
export type CheckoutMessageEvent =
  | { type: 'checkout.ready' }
  | { type: 'checkout.complete'; data: DonationData; returnUrl?: string }
  | { type: 'checkout.cancel' }
  | { type: 'checkout.escape' }
  | { type: 'checkout.resize'; height: number };

export type DonationCheckoutEvent =
  | { type: 'donate.start' }
  /** New checkout props from the page's JS call after the button started (§3 props). */
  | { type: 'donate.configure'; props: DonateProps }
  | { type: 'overlay.focus' }
  | { type: 'overlay.close' }
  | { type: 'frame.loaded' }
  | PopupWindowEvent
  | CheckoutMessageEvent;

/** Whom the checkout's messages may come from; before the place is known, nobody. */
const checkoutTrustOf = ({ context }: { context: DonationCheckoutContext }): CheckoutTrust => context.place?.trust ?? { checkoutOrigin: '' };

/** A completed checkout keeps the donation's data and hands it to onComplete. */
const completeDonation = [
  { type: 'recordDonation', params: ({ event }: { event: DonationCheckoutEvent }) => ({ data: event.type === 'checkout.complete' ? event.data : {} }) },
  { type: 'notifyComplete', params: ({ event }: { event: DonationCheckoutEvent }) => ({ data: event.type === 'checkout.complete' ? event.data : {} }) },
] as const;

export const donationCheckoutMachine = setup({
  types: {} as { context: DonationCheckoutContext; input: DonationCheckoutInput; events: DonationCheckoutEvent },
  actors: {
    /** Reads the site's provider setting; the default has none, so the env host is used. */
    loadProviderConfig: fromPromise<ProviderConfig>(async () => ({ providerUrl: null })),
    /** Opens the popup and reports popup.opened / popup.blocked / popup.error, later popup.closed. */
    popupWindow: fromCallback<PopupWindowEvent, PopupWindowInput>(() => () => undefined),
    /** Checkout messages the place's trust accepts, as checkout.* events. */
    checkoutMessages: fromCallback<CheckoutMessageEvent, CheckoutTrust>(() => () => undefined),
  },
  actions: {
    storeFrameHeight: assign((_, params: { height: number }) => ({ frameHeight: frameHeightFor(params.height) })),
    useProviderConfig: assign(({ context }, params: ProviderConfig) => ({
      place: placeCheckout({ baseUrl: context.props.baseUrl, providerUrl: params.providerUrl, env: context.props.env }),
    })),
    useProps: assign((_, params: { props: DonateProps }) => ({ props: params.props })),
    requestStart: assign({ startRequested: true }),
    clearStartRequest: assign({ startRequested: false }),
    recordRedirect: assign({ redirectedTo: ({ context }) => checkoutUrlFor(context.place, context.props, context.origin, 'redirect') }),
    recordError: assign((_, params: { message: string }) => ({ lastError: params.message })),
    recordDonation: assign((_, params: { data: DonationData }) => ({ donation: params.data })),
    // Effects: the widget provides the real ones (runtime adapters); these defaults do nothing.
    redirectToCheckout: (_, _params: { url: string }) => undefined,
    logOpenError: (_, _params: { message: string }) => undefined,
    focusPopup: () => undefined,
    closePopup: () => undefined,
    alertVisitor: (_, _params: { message: string }) => undefined,
    notifyComplete: (_, _params: { data: DonationData }) => undefined,
    redirectParent: (_, _params: { url: string }) => undefined,
  },
  guards: {
    isRemote: ({ context }) => context.variant === 'remote',
    wasStartRequested: ({ context }) => context.startRequested,
    isDocumentMode: ({ context }) => context.documentMode,
    popupsUnsupported: ({ context }) => !context.popupsSupported,
    alertsOnIos: ({ context }) => context.overlayAlert === 'ios',
    alertsOnFirefox: ({ context }) => context.overlayAlert === 'firefox',
    hasReturnUrl: ({ event }) => event.type === 'checkout.complete' && event.returnUrl !== undefined,
  },
  delays: {
    popupFallback: POPUP_FALLBACK_MS,
    frameFade: OVERLAY_FADE_MS,
  },
}).createMachine({
  id: 'donationCheckout',
  context: ({ input }) => ({ ...input, place: null, startRequested: false, redirectedTo: null, lastError: null, donation: null, frameHeight: REMOTE_FRAME_HEIGHT_PX }),
  initial: 'configuring',
  on: { 'donate.configure': { actions: { type: 'useProps', params: ({ event }) => ({ props: event.props }) } } },
  states: {
    configuring: {
      invoke: {
        src: 'loadProviderConfig',
        onDone: { target: 'configured', actions: { type: 'useProviderConfig', params: ({ event }) => event.output } },
        // Without the site's setting the env host still works.
        onError: { target: 'configured', actions: { type: 'useProviderConfig', params: { providerUrl: null } } },
      },
      on: { 'donate.start': { actions: 'requestStart' } },
    },
    configured: {
      always: [
        { guard: 'isRemote', target: 'remote' },
        { guard: 'wasStartRequested', target: 'choosing', actions: 'clearStartRequest' },
        { target: 'idle' },
      ],
    },
    idle: { on: { 'donate.start': 'choosing' } },
    choosing: {
      always: [
        { guard: 'isDocumentMode', target: 'redirecting' },
        { guard: 'popupsUnsupported', target: 'framing' },
        { target: 'popup' },
      ],
    },
    popup: {
      invoke: [
        {
          src: 'popupWindow',
          input: ({ context }) => ({ url: checkoutUrlFor(context.place, context.props, context.origin, 'popup') }),
        },
        { src: 'checkoutMessages', input: checkoutTrustOf },
      ],
      initial: 'opening',
      states: {
        opening: {
          after: { popupFallback: '#donationCheckout.redirecting' },
          on: {
            'popup.opened': 'loading',
            'popup.blocked': {
              target: '#donationCheckout.redirecting',
              actions: [
                { type: 'recordError', params: { message: POPUP_BLOCKED_MESSAGE } },
                { type: 'logOpenError', params: { message: POPUP_BLOCKED_MESSAGE } },
              ],
            },
            'popup.error': {
              target: '#donationCheckout.redirecting',
              actions: [
                { type: 'recordError', params: ({ event }) => ({ message: event.message }) },
                { type: 'logOpenError', params: ({ event }) => ({ message: event.message }) },
              ],
            },
          },
        },
        // The popup shows the prerender spinner until the checkout page says it is ready.
        loading: { on: { 'checkout.ready': 'ready' } },
        ready: {},
      },
      on: {
        'overlay.focus': [
          { guard: 'alertsOnIos', actions: [{ type: 'alertVisitor', params: { message: OVERLAY_ALERTS.ios } }, 'focusPopup'] },
          { guard: 'alertsOnFirefox', actions: [{ type: 'alertVisitor', params: { message: OVERLAY_ALERTS.firefox } }, 'focusPopup'] },
          { actions: 'focusPopup' },
        ],
        'overlay.close': { target: 'closed', actions: 'closePopup' },
        'popup.closed': 'closed',
        'checkout.cancel': { target: 'closed', actions: 'closePopup' },
        'checkout.complete': [
          {
            guard: 'hasReturnUrl',
            target: 'completed',
            actions: ['closePopup', ...completeDonation, { type: 'redirectParent', params: ({ event }) => ({ url: event.returnUrl ?? '' }) }],
          },
          { target: 'completed', actions: ['closePopup', ...completeDonation] },
        ],
      },
    },
    framing: {
      invoke: { src: 'checkoutMessages', input: checkoutTrustOf },
      initial: 'prerendering',
      states: {
        // §4: the spinner shows until the real frame has loaded; then the frame fades in.
        prerendering: { on: { 'frame.loaded': 'revealing', 'checkout.ready': 'revealing' } },
        revealing: { after: { frameFade: 'shown' } },
        shown: {},
      },
      on: {
        'overlay.close': 'closed',
        // Escape inside the frame is the dialog's Escape (WAI-ARIA modal dialog); the checkout forwards it.
        'checkout.escape': 'closed',
        'checkout.cancel': 'closed',
        'checkout.complete': [
          {
            guard: 'hasReturnUrl',
            target: 'completed',
            actions: [...completeDonation, { type: 'redirectParent', params: ({ event }) => ({ url: event.returnUrl ?? '' }) }],
          },
          { target: 'completed', actions: completeDonation },
        ],
      },
    },
    redirecting: {
      entry: ['recordRedirect', { type: 'redirectToCheckout', params: ({ context }) => ({ url: checkoutUrlFor(context.place, context.props, context.origin, 'redirect') }) }],
    },
    completed: { on: { 'donate.start': 'choosing' } },
    closed: { on: { 'donate.start': 'choosing' } },
    remote: {
      invoke: { src: 'checkoutMessages', input: checkoutTrustOf },
      initial: 'loading',
      states: {
        loading: { on: { 'frame.loaded': 'ready', 'checkout.ready': 'ready' } },
        ready: {},
        done: {},
      },
      on: {
        'checkout.complete': { target: '.done', actions: completeDonation },
        // Issue 31.25: the frame takes its content's height (clamped), as the provider reports it.
        'checkout.resize': { actions: { type: 'storeFrameHeight', params: ({ event }) => ({ height: event.height }) } },
      },
    },
  },
});
