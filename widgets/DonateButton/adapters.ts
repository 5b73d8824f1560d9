import { fromCallback, fromPromise } from 'xstate';
import type {
  CheckoutMessageEvent,
  DonationCheckoutInput,
  PopupWindowEvent,
  PopupWindowInput,
  ProviderConfig,
  donationCheckoutMachine,
} from '../../machines/donation-checkout/donation-checkout.machine';
import { PopupOpenError, popupOpenMessage } from '../../provider/donate/errors';
import { readCheckoutMessage, type CheckoutTrust } from '../../provider/donate/messages';
import { isDocumentModeBrowser, overlayAlertFor, supportsPopups } from '../../provider/donate/popup-support';
import { translate } from '../../runtime/translations';
import { donateButtonTranslations } from './donate-button.translations';
import { OVERLAY_HEIGHT_PX, OVERLAY_WIDTH_PX } from './overlay-size';
import type { TimerId } from '../../runtime/clock';
import { startFetch } from '../../runtime/start-fetch';
import type { ClientEnv } from '../../runtime/widget';
import { callbacksFor } from './donate-api';
import { SITE_CONFIG_URL } from './site-config-url';

/**
 * The donation checkout's effects in the browser: the site's provider setting, the popup, the
 * checkout's messages, the page redirect, alerts and the page's callbacks.
 */
type Implementations = Parameters<typeof donationCheckoutMachine.provide>[0];

/** One window name, so a second start reuses the visitor's checkout window. */
const POPUP_NAME = 'sitecharts-donate';
/** How often the page looks whether the visitor closed the popup (spec silent; one poll a half second). */
export const POPUP_CLOSED_POLL_MS = 500;
/**
 * How often the popup's opener looks whether the overlay's frame has been drawn: the browsers' own
 * floor for a timer set by a timer (4 ms), so the wait costs a few short tasks.
 */
export const DRAW_POLL_MS = 4;
/**
 * How long the popup waits for that frame at most (a hidden page draws none): well inside the tap's
 * activation (WebKit's one second) and before the machine's 500 ms fallback to a redirect.
 */
export const DRAW_WAIT_MS = 250;
/** The overlay as the button's behaviour and its view both draw it, inside the island. */
const OVERLAY_SELECTOR = 'dialog.donate-overlay';

let siteConfig: Promise<ProviderConfig> | undefined;

/** GET /site-config.json once per page (asked for beside the behaviour's chunk: widgets/registry.ts, runtime/start-fetch.ts): the provider the site is configured with (server/site-config.ts). */
export function loadSiteConfig(): Promise<ProviderConfig> {
  siteConfig ??= startFetch(SITE_CONFIG_URL).then((config) => {
    const url = (config as { provider?: { url?: unknown } } | null)?.provider?.url;
    return { providerUrl: typeof url === 'string' && url !== '' ? url : null };
  });
  return siteConfig;
}

/** What the browser tells about popups, IE-style mode and the overlay's alert (client only). */
export function browserFacts(popupsDisabled: boolean): Pick<DonationCheckoutInput, 'origin' | 'popupsSupported' | 'documentMode' | 'overlayAlert'> {
  if (typeof window === 'undefined') return { origin: '', popupsSupported: !popupsDisabled, documentMode: false, overlayAlert: null };
  const { navigator } = window;
  return {
    origin: window.location.origin,
    popupsSupported: supportsPopups({
      userAgent: navigator.userAgent,
      standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
      displayModeStandalone: typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches,
      popupsDisabled,
    }),
    documentMode: isDocumentModeBrowser((window.document as Document & { documentMode?: unknown }).documentMode),
    overlayAlert: overlayAlertFor(navigator.userAgent, navigator.maxTouchPoints),
  };
}

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - OVERLAY_WIDTH_PX) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - OVERLAY_HEIGHT_PX) / 2));
  return `popup=yes,width=${OVERLAY_WIDTH_PX},height=${OVERLAY_HEIGHT_PX},left=${left},top=${top}`;
}

/** §4 step 1: the popup shows a spinner while the checkout loads, named in the page's language. */
function showSpinner(popup: Window, text: { lang: string; loading: string }) {
  try {
    const doc = popup.document;
    doc.documentElement.lang = text.lang;
    doc.title = text.loading;
    doc.body.innerHTML =
      '<style>@keyframes spin{to{transform:rotate(360deg)}}@media (prefers-reduced-motion: reduce){div{animation:none!important}}</style>' +
      '<div role="status" style="width:48px;height:48px;margin:40vh auto 0;border:5px solid #cfd6dc;border-top-color:#0b5e6b;border-radius:50%;animation:spin 0.8s linear infinite"></div>';
    doc.body.querySelector('[role="status"]')?.setAttribute('aria-label', text.loading);
  } catch {
    // A popup that is already on another origin keeps its own page.
  }
}

/**
 * Whether window.open gave a real, open window. As the provider's own check (belter's
 * isWindowClosed), a closed window or a stand-in some in-app browsers and blockers return lacks
 * itself, a parent or a top; these are readable even when the popup is on the provider's origin.
 */
export function isLiveWindow(win: Window): boolean {
  try {
    return !win.closed && win.self === win && Boolean(win.parent) && Boolean(win.top);
  } catch {
    return false;
  }
}

export function donateAdapters(env: ClientEnv): Implementations {
  let popup: Window | null = null;
  const spinnerText = {
    lang: env.element.closest('[lang]')?.getAttribute('lang') ?? 'en',
    loading: translate(donateButtonTranslations, env.translations).loading,
  };
  /** Messages count only from our own popup or from a frame inside this island. */
  const isOurs = (source: MessageEventSource | null) =>
    source !== null && (source === popup || [...env.element.querySelectorAll('iframe')].some((frame) => frame.contentWindow === source));

  /** §4: opens the popup with its spinner, then the checkout; popup.opened, or why not; what stops watching it. */
  function openPopup(url: string, sendBack: (event: PopupWindowEvent) => void): () => void {
    let opened: Window | null;
    try {
      opened = window.open('', POPUP_NAME, popupFeatures());
    } catch (error) {
      sendBack({ type: 'popup.error', message: popupOpenMessage(error) });
      return () => undefined;
    }
    if (!opened || opened.closed) {
      sendBack({ type: 'popup.blocked' });
      return () => undefined;
    }
    // Whatever window.open gave is closed with the overlay (a close that found no window once left
    // the checkout's window open in a CI run).
    popup = opened;
    // §4 step 4: a stand-in that is not a window the visitor sees has not opened a popup; the
    // machine's 500 ms fallback then redirects the page to the checkout.
    if (!isLiveWindow(opened)) return () => undefined;
    const win = opened;
    showSpinner(win, spinnerText);
    try {
      win.location.replace(url);
    } catch (error) {
      sendBack({ type: 'popup.error', message: popupOpenMessage(error) });
      return () => undefined;
    }
    sendBack({ type: 'popup.opened' });
    let timer = env.clock.setTimeout(function watch() {
      if (win.closed) sendBack({ type: 'popup.closed' });
      else timer = env.clock.setTimeout(watch, POPUP_CLOSED_POLL_MS);
    }, POPUP_CLOSED_POLL_MS);
    return () => env.clock.clearTimeout(timer);
  }

  return {
    actors: {
      loadProviderConfig: fromPromise(() => loadSiteConfig()),
      popupWindow: fromCallback<PopupWindowEvent, PopupWindowInput>(({ sendBack, input }) => {
        // The popup opens in the first task after a frame that shows the overlay: the machine's
        // observers add it after this start, and it opens as a modal a task later (runtime/modal-dom.ts).
        // `window.open()` holds the main thread for 150-300 ms on a phone (a new browsing context, its
        // spinner), which would otherwise hold back the frame the visitor's tap is answered with
        // (issue 49, goal 1). A frame that begins with the overlay open draws it. Timers carry the
        // opening there, not the frame's callback: WebKit lets a timer set within a second of a tap
        // open a popup, but not an animation frame, and every browser counts it as the tap's (its
        // transient activation). Where no such frame comes (a hidden page), it opens after
        // DRAW_WAIT_MS of the clock's time all the same (the polls' own steps: a timer set by a timer
        // counts from when that one was due, runtime/clock.ts).
        const asked = env.clock.now();
        let drawn = false;
        let stop = () => undefined as void;
        let frame = env.clock.requestFrame(function lookForOverlay() {
          if (env.element.querySelector<HTMLDialogElement>(OVERLAY_SELECTOR)?.open) drawn = true;
          else frame = env.clock.requestFrame(lookForOverlay);
        });
        let timer: TimerId | undefined = env.clock.setTimeout(function openOnceDrawn() {
          if (drawn || env.clock.now() - asked >= DRAW_WAIT_MS) {
            timer = undefined;
            env.clock.cancelFrame(frame);
            stop = openPopup(input.url, sendBack);
          } else timer = env.clock.setTimeout(openOnceDrawn, DRAW_POLL_MS);
        }, 0);
        return () => {
          env.clock.cancelFrame(frame);
          if (timer !== undefined) env.clock.clearTimeout(timer);
          stop();
        };
      }),
      checkoutMessages: fromCallback<CheckoutMessageEvent, CheckoutTrust>(({ sendBack, input }) => {
        const listener = (event: MessageEvent) => {
          if (!isOurs(event.source)) return;
          const message = readCheckoutMessage(event.origin, event.data, input);
          if (message) sendBack(message);
        };
        window.addEventListener('message', listener);
        return () => window.removeEventListener('message', listener);
      }),
    },
    actions: {
      redirectToCheckout: (_, { url }) => {
        if (url) window.location.assign(url);
      },
      // §8: the PopupOpenError is logged to the console before the redirect.
      logOpenError: (_, { message }) => console.error(new PopupOpenError(message)),
      focusPopup: () => popup?.focus(),
      closePopup: () => {
        try {
          if (popup && !popup.closed) popup.close();
        } catch {
          // A stand-in some in-app browsers return may have no close.
        }
        popup = null;
      },
      alertVisitor: (_, { message }) => window.alert(message),
      notifyComplete: (_, { data }) => callbacksFor(env.element).onComplete?.(data),
      redirectParent: (_, { url }) => {
        const redirect = callbacksFor(env.element).redirectParentWindow;
        if (redirect) redirect(url);
        else if (url) window.location.assign(url);
      },
    },
  };
}
