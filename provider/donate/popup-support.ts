/**
 * §4 and reference notes "Donate checkout": whether this browser can show the checkout in a popup.
 * A pure function of what the page can read: the user agent, navigator.standalone, the
 * display-mode standalone media query, and the donate element's data-popups-disabled.
 */
export interface PopupFacts {
  userAgent: string;
  /** iOS home-screen apps set navigator.standalone. */
  standalone?: boolean;
  /** matchMedia('(display-mode: standalone)').matches */
  displayModeStandalone?: boolean;
  /** The text of data-popups-disabled; only "true" disables popups. */
  popupsDisabled?: string | boolean;
}

export type PopupBlocker =
  | 'attribute'
  | 'standalone'
  | 'ios-webview'
  | 'google-app'
  | 'android-webview'
  | 'opera-mini'
  | 'firefox-ios'
  | 'firefox-android'
  | 'edge-ios'
  | 'facebook'
  | 'qq-browser'
  | 'electron'
  | 'captive-portal';

const IOS = /iPhone|iPod|iPad/i;
const ANDROID = /Android/i;

/** Each rule of the reference notes, in the order they are checked. */
const USER_AGENT_RULES: ReadonlyArray<[PopupBlocker, (ua: string) => boolean]> = [
  ['opera-mini', (ua) => /Opera Mini/i.test(ua)],
  ['google-app', (ua) => IOS.test(ua) && /\bGSA\//.test(ua)],
  ['firefox-ios', (ua) => /FxiOS/i.test(ua)],
  ['edge-ios', (ua) => /EdgiOS/i.test(ua)],
  ['firefox-android', (ua) => ANDROID.test(ua) && /Firefox\//.test(ua)],
  ['facebook', (ua) => /FBAN|FBAV/.test(ua)],
  ['qq-browser', (ua) => /QQBrowser/.test(ua)],
  ['electron', (ua) => /Electron\//.test(ua)],
  ['captive-portal', (ua) => /CaptiveNetworkSupport/i.test(ua)],
  // iPhone/iPod/iPad/Macintosh AppleWebKit without "Safari" (this also catches macOS captive portals), or WKWebView.
  ['ios-webview', (ua) => /(iPhone|iPod|iPad|Macintosh).*AppleWebKit(?!.*Safari)/i.test(ua) || /WKWebView/.test(ua)],
  // Android's WebView marks itself "wv", and older ones carry "Version/x.y" before Chrome.
  ['android-webview', (ua) => ANDROID.test(ua) && (/;\s*wv\)/.test(ua) || /\bVersion\/\d+\.\d+/.test(ua))],
];

/** Why popups cannot be used here, or null when they can. */
export function popupBlocker(facts: PopupFacts): PopupBlocker | null {
  if (facts.popupsDisabled === true || (typeof facts.popupsDisabled === 'string' && facts.popupsDisabled.trim().toLowerCase() === 'true')) {
    return 'attribute';
  }
  if (facts.standalone === true || facts.displayModeStandalone === true) return 'standalone';
  for (const [name, test] of USER_AGENT_RULES) if (test(facts.userAgent)) return name;
  return null;
}

export function supportsPopups(facts: PopupFacts): boolean {
  return popupBlocker(facts) === null;
}

/** Reference notes: which alert a click on the overlay shows before it refocuses the popup. */
export type OverlayAlert = 'ios' | 'firefox' | null;

/** iPadOS reports itself as a Macintosh; touch points tell them apart. */
export function overlayAlertFor(userAgent: string, maxTouchPoints = 0): OverlayAlert {
  if (IOS.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  return null;
}

/** Reference notes: the alerts' texts (the provider's own wording). */
export const OVERLAY_ALERTS = {
  ios: 'Please switch tabs to reactivate the PayPal window',
  firefox: 'Don\'t see the popup window?\n\nSelect "Window" in your Firefox toolbar to find the donation window',
} as const;

/** §4, reference notes: IE-style browsers (document.documentMode present) always redirect. */
export function isDocumentModeBrowser(documentMode: unknown): boolean {
  return documentMode !== undefined && documentMode !== null;
}
