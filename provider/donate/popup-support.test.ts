import { describe, expect, it } from 'vitest';
import { isDocumentModeBrowser, overlayAlertFor, popupBlocker, supportsPopups, type PopupBlocker } from './popup-support';

/** Real user agents, each with the rule of the reference notes it falls under (null: popups work). */
const USER_AGENTS: ReadonlyArray<[string, string, PopupBlocker | null]> = [
  ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', null],
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', null],
  ['Safari on macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', null],
  ['Edge on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70', null],
  ['Safari on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1', null],
  ['Chrome on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', null],
  ['Chrome on Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', null],
  ['Samsung Internet', 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', null],
  ['iOS app webview (WKWebView)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', 'ios-webview'],
  ['iPad app webview', 'Mozilla/5.0 (iPad; CPU OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', 'ios-webview'],
  ['macOS captive portal', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)', 'ios-webview'],
  ['macOS captive network assistant', 'CaptiveNetworkSupport-407.100.3 wispr', 'captive-portal'],
  ['Google app on iOS', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/343.0.695551749 Mobile/15E148 Safari/604.1', 'google-app'],
  ['Android WebView (wv)', 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.0.0 Mobile Safari/537.36', 'android-webview'],
  ['old Android WebView (Version/x.y)', 'Mozilla/5.0 (Linux; U; Android 4.1.1; en-gb; Build/KLP) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Safari/534.30', 'android-webview'],
  ['Opera Mini', 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54', 'opera-mini'],
  ['Opera Mini on Android', 'Mozilla/5.0 (Linux; U; Android 11; SM-A515F Build/RP1A.200720.012) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.105 Mobile Safari/537.36 OPR/52.1.2254.54298 Opera Mini/52.1', 'opera-mini'],
  ['Firefox on iOS', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15', 'firefox-ios'],
  ['Firefox on Android', 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'firefox-android'],
  ['Edge on iOS', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15', 'edge-ios'],
  ['Facebook app on iOS', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.35.104;FBBV/612925578;FBDV/iPhone14,5]', 'facebook'],
  ['Facebook app on Android', 'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.43 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/444.0.0.0.110;]', 'facebook'],
  ['QQ Browser', 'Mozilla/5.0 (Linux; U; Android 10; zh-cn; MI 9 Build/QKQ1.190825.002) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/66.0.3359.126 MQQBrowser/10.1 Mobile Safari/537.36', 'qq-browser'],
  ['Electron', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Slack/4.41.105 Chrome/130.0.6723.137 Electron/33.2.0 Safari/537.36', 'electron'],
];

describe('reference notes: popup support by user agent', () => {
  it.each(USER_AGENTS)('%s', (_name, userAgent, expected) => {
    expect(popupBlocker({ userAgent })).toBe(expected);
    expect(supportsPopups({ userAgent })).toBe(expected === null);
  });
});

describe('popup support by page facts', () => {
  const chrome = USER_AGENTS[0]?.[1] ?? '';
  it('data-popups-disabled="true" disables popups; other values do not', () => {
    expect(popupBlocker({ userAgent: chrome, popupsDisabled: 'true' })).toBe('attribute');
    expect(popupBlocker({ userAgent: chrome, popupsDisabled: ' TRUE ' })).toBe('attribute');
    expect(popupBlocker({ userAgent: chrome, popupsDisabled: true })).toBe('attribute');
    expect(popupBlocker({ userAgent: chrome, popupsDisabled: 'false' })).toBeNull();
    expect(popupBlocker({ userAgent: chrome, popupsDisabled: '' })).toBeNull();
  });
  it('navigator.standalone or display-mode standalone disables popups', () => {
    expect(popupBlocker({ userAgent: chrome, standalone: true })).toBe('standalone');
    expect(popupBlocker({ userAgent: chrome, displayModeStandalone: true })).toBe('standalone');
    expect(popupBlocker({ userAgent: chrome, standalone: false, displayModeStandalone: false })).toBeNull();
  });
  it('documentMode marks an IE-style browser', () => {
    expect(isDocumentModeBrowser(11)).toBe(true);
    expect(isDocumentModeBrowser(undefined)).toBe(false);
  });
});

describe('reference notes: the overlay alert', () => {
  it('iOS and iPadOS get the switch-tabs alert, Firefox the Window-menu alert, others none', () => {
    expect(overlayAlertFor(USER_AGENTS[4]?.[1] ?? '')).toBe('ios');
    expect(overlayAlertFor(USER_AGENTS[2]?.[1] ?? '', 5)).toBe('ios');
    expect(overlayAlertFor(USER_AGENTS[2]?.[1] ?? '', 0)).toBeNull();
    expect(overlayAlertFor(USER_AGENTS[1]?.[1] ?? '')).toBe('firefox');
    expect(overlayAlertFor(USER_AGENTS[0]?.[1] ?? '')).toBeNull();
  });
});
