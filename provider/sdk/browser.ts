import { IPHONE_SCREEN_HEIGHTS, MOBILE_VIEWPORT_MAX_WIDTH_PX, SUPPORTED_BROWSERS, type Platform } from './constants';

export type BrowserName = keyof typeof SUPPORTED_BROWSERS;

/**
 * §3 platform: the reference notes' mobile user-agent pattern. The site's page flags
 * (runtime/device.ts) read the same pattern; the SDK keeps its own copy so that it depends on
 * nothing of the site (browser.test.ts checks the two agree).
 */
export const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

/** Most specific first: Edge, Opera, Samsung, Silk, UC and Vivaldi also say Chrome or Safari. */
const BROWSER_PATTERNS: ReadonlyArray<[BrowserName, RegExp]> = [
  ['msedge', /\b(?:Edge|Edg|EdgA|EdgiOS)\/(\d+(?:\.\d+)*)/],
  ['opera', /\b(?:OPR|Opera)\/(\d+(?:\.\d+)*)/],
  ['samsungBrowser', /\bSamsungBrowser\/(\d+(?:\.\d+)*)/],
  ['silk', /\bSilk\/(\d+(?:\.\d+)*)/],
  ['ucbrowser', /\bUCBrowser\/(\d+(?:\.\d+)*)/],
  ['vivaldi', /\bVivaldi\/(\d+(?:\.\d+)*)/],
  ['msie', /(?:\bMSIE (\d+(?:\.\d+)*)|\bTrident\/.*\brv:(\d+(?:\.\d+)*))/],
  ['firefox', /\b(?:Firefox|FxiOS)\/(\d+(?:\.\d+)*)/],
  ['chrome', /\b(?:Chrome|CriOS)\/(\d+(?:\.\d+)*)/],
  ['safari', /\bVersion\/(\d+(?:\.\d+)*).*\bSafari\//],
];

export function detectBrowser(userAgent: string): { name: BrowserName; version: string } | undefined {
  for (const [name, pattern] of BROWSER_PATTERNS) {
    const match = pattern.exec(userAgent);
    const version = match?.[1] ?? match?.[2];
    if (version) return { name, version };
  }
  return undefined;
}

/** Compares dotted versions numerically: negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** §9: a browser we recognise must be at least its minimum; one we do not recognise is allowed. */
export function isSupportedBrowser(userAgent: string): boolean {
  const browser = detectBrowser(userAgent);
  return !browser || compareVersions(browser.version, SUPPORTED_BROWSERS[browser.name]) >= 0;
}

/** §3 platforms: mobile for a mobile user agent (the page flags' pattern), else desktop. */
export function platformOf(userAgent: string): Platform {
  return MOBILE_USER_AGENT.test(userAgent) ? 'mobile' : 'desktop';
}

/** §9: a viewport below 660 px wide is mobile. */
export function isMobileViewport(width: number): boolean {
  return width < MOBILE_VIEWPORT_MAX_WIDTH_PX;
}

/** §9: an iPhone whose screen height is one of the full-screen heights (926, 896, 844, 812, 736, 667). */
export function isFullScreenIPhone(userAgent: string, screenHeight: number): boolean {
  return /iPhone/.test(userAgent) && (IPHONE_SCREEN_HEIGHTS as readonly number[]).includes(screenHeight);
}
