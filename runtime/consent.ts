import Cookies from 'js-cookie';
import { decodeConsent, encodeConsent, type Consent } from '../machines/cookie-consent/cookie-consent.rules';

/**
 * The page's consent channel (§5): the cookie adapter that stores the visitor's answer, and a
 * window event every island listens to, so a change in the banner or the settings dialog reaches
 * every video on the page without a reload. A window event (not a module variable) keeps the
 * channel single even when islands load in separate chunks.
 */
export const CONSENT_COOKIE = 'sc_cookie_consent';
/** Decision where the spec is silent: the answer is kept for 180 days, site-wide, same-site strict. */
export const CONSENT_COOKIE_DAYS = 180;
export const CONSENT_EVENT = 'sitecharts:consent';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { expires: number; path: string; sameSite: 'strict'; secure: boolean }): void;
}

/** js-cookie, the cookie library the project uses for every cookie. */
export const browserCookies: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, options) => void Cookies.set(name, value, options),
};

export function readConsent(jar: CookieJar = browserCookies): Consent {
  return decodeConsent(jar.get(CONSENT_COOKIE));
}

/** Issue 17: over https the cookie is Secure, so it never travels on a plain-http request. */
export function pageIsHttps(location: Pick<Location, 'protocol'> | undefined = globalThis.location): boolean {
  return location?.protocol === 'https:';
}

export function storeConsent(consent: Consent, jar: CookieJar = browserCookies, secure = pageIsHttps()): void {
  jar.set(CONSENT_COOKIE, encodeConsent(consent), { expires: CONSENT_COOKIE_DAYS, path: '/', sameSite: 'strict', secure });
}

export function publishConsent(target: EventTarget, consent: Consent): void {
  target.dispatchEvent(new CustomEvent<Consent>(CONSENT_EVENT, { detail: consent }));
}

/** Calls `listener` on every published change; returns the unsubscribe. */
export function subscribeConsent(target: EventTarget, listener: (consent: Consent) => void): () => void {
  const handler = (event: Event) => {
    if (event instanceof CustomEvent) listener(event.detail as Consent);
  };
  target.addEventListener(CONSENT_EVENT, handler);
  return () => target.removeEventListener(CONSENT_EVENT, handler);
}

/** A video's "Cookie settings" button asks the page's consent dialog to open. */
export const CONSENT_SETTINGS_EVENT = 'sitecharts:consent-settings';

export function requestConsentSettings(target: EventTarget): void {
  target.dispatchEvent(new Event(CONSENT_SETTINGS_EVENT));
}

export function onConsentSettingsRequest(target: EventTarget, listener: () => void): () => void {
  target.addEventListener(CONSENT_SETTINGS_EVENT, listener);
  return () => target.removeEventListener(CONSENT_SETTINGS_EVENT, listener);
}
