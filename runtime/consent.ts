import { decodeConsent, encodeConsent, type Consent, type VideoPlatform } from '../machines/cookie-consent/cookie-consent.rules';

/**
 * The page's consent channel (§5): the cookie adapter that stores the visitor's answer, and a
 * window event every island listens to, so a change in a video's placeholder or the settings dialog reaches
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

/**
 * The consent cookie through `document.cookie` itself. It is the one cookie every page reads as it
 * starts, and js-cookie cost every page's entry 483 bytes of gzip for it (issue 49: /ar/ had 17 bytes
 * left under its 40 KB budget). Written as js-cookie writes it (the value URI-encoded, path /,
 * SameSite=Strict, Secure over https), with `max-age` for the days, so no clock is read; a cookie
 * js-cookie wrote reads back the same (`runtime/consent-jar.test.ts`). The message box keeps js-cookie.
 */
export const browserCookies: CookieJar = {
  get(name) {
    for (const pair of document.cookie.split('; ')) {
      const at = pair.indexOf('=');
      if (pair.slice(0, at) !== name) continue;
      try {
        return decodeURIComponent(pair.slice(at + 1));
      } catch {
        // A value that is not URI-encoded text was not written here: no answer, the banner asks again.
        return undefined;
      }
    }
    return undefined;
  },
  set(name, value, { expires, path, sameSite, secure }) {
    document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${expires * 86400}; path=${path}; samesite=${sameSite}${secure ? '; secure' : ''}`;
  },
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

/**
 * Issue 19: a video's placeholder asks the page for consent to its platform ("Play video", for
 * this visit or remembered) or to every platform ("Always allow videos"); the page's consent
 * service answers by publishing the new consent. Nothing here decides: it only carries the request.
 */
export const CONSENT_REQUEST_EVENT = 'sitecharts:consent-request';
export type ConsentRequest = { platform: VideoPlatform; remember: boolean } | { all: true };

export function requestConsent(target: EventTarget, request: ConsentRequest): void {
  target.dispatchEvent(new CustomEvent<ConsentRequest>(CONSENT_REQUEST_EVENT, { detail: request }));
}

export function onConsentRequest(target: EventTarget, listener: (request: ConsentRequest) => void): () => void {
  const handler = (event: Event) => {
    if (event instanceof CustomEvent) listener(event.detail as ConsentRequest);
  };
  target.addEventListener(CONSENT_REQUEST_EVENT, handler);
  return () => target.removeEventListener(CONSENT_REQUEST_EVENT, handler);
}

/**
 * What holds now: an allowance for this visit only lives in the page's consent service, not in the
 * cookie, so an island that mounts later asks the service first (a synchronous query event) and
 * falls back to the cookie on a page without the service.
 */
export const CONSENT_QUERY_EVENT = 'sitecharts:consent-query';

export function currentConsent(target: EventTarget, jar: CookieJar = browserCookies): Consent {
  const query: { consent?: Consent } = {};
  target.dispatchEvent(new CustomEvent(CONSENT_QUERY_EVENT, { detail: query }));
  return query.consent ?? readConsent(jar);
}

export function answerConsentQueries(target: EventTarget, current: () => Consent): () => void {
  const handler = (event: Event) => {
    if (event instanceof CustomEvent && typeof event.detail === 'object' && event.detail !== null) (event.detail as { consent?: Consent }).consent = current();
  };
  target.addEventListener(CONSENT_QUERY_EVENT, handler);
  return () => target.removeEventListener(CONSENT_QUERY_EVENT, handler);
}
