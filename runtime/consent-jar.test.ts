/**
 * @vitest-environment jsdom
 */
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCEPT_ALL, NO_CONSENT, REFUSE_ALL, encodeConsent, type Consent } from '../machines/cookie-consent/cookie-consent.rules';
import { recordCookieWrites } from '../tests/support/cookie-writes';
import { CONSENT_COOKIE, CONSENT_COOKIE_DAYS, browserCookies, readConsent, storeConsent } from './consent';

const JS_COOKIE_OPTIONS = { expires: CONSENT_COOKIE_DAYS, path: '/', sameSite: 'strict', secure: false } as const;
const SOME_PLATFORMS: Consent = { given: true, refused: false, essential: true, videoEmbeds: false, platforms: ['youtube', 'vimeo'] };

/** The page's consent cookie without js-cookie (runtime/consent.ts), against js-cookie itself. */
describe('the consent cookie jar (document.cookie, as js-cookie writes it)', () => {
  afterEach(() => {
    for (const name of [CONSENT_COOKIE, `${CONSENT_COOKIE}_old`, `x${CONSENT_COOKIE}`]) Cookies.remove(name, { path: '/' });
  });

  it('reads back what js-cookie wrote, for every answer a visitor can give', () => {
    for (const consent of [ACCEPT_ALL, REFUSE_ALL, SOME_PLATFORMS]) {
      Cookies.set(CONSENT_COOKIE, encodeConsent(consent), JS_COOKIE_OPTIONS);
      expect(readConsent()).toEqual(consent);
    }
  });

  it('writes what js-cookie reads back, once, site-wide, same-site strict, for 180 days by max-age', () => {
    const { written, stop } = recordCookieWrites(document);
    try {
      storeConsent(SOME_PLATFORMS);
    } finally {
      stop();
    }
    expect(written).toEqual([`${CONSENT_COOKIE}=essential%3D1%3Bvideo%3D0%3Bplatforms%3Dyoutube%2Cvimeo; max-age=15552000; path=/; samesite=strict`]);
    expect(Cookies.get(CONSENT_COOKIE)).toBe('essential=1;video=0;platforms=youtube,vimeo');
    expect(readConsent()).toEqual(SOME_PLATFORMS);
  });

  it('reads only its own name, and a value that is not URI-encoded text as no answer', () => {
    document.cookie = `${CONSENT_COOKIE}_old=refused; path=/`;
    document.cookie = `x${CONSENT_COOKIE}=refused; path=/`;
    expect(browserCookies.get(CONSENT_COOKIE)).toBeUndefined();
    expect(readConsent()).toEqual(NO_CONSENT);
    document.cookie = `${CONSENT_COOKIE}=%E0%A4%A; path=/`;
    expect(browserCookies.get(CONSENT_COOKIE)).toBeUndefined();
    expect(readConsent()).toEqual(NO_CONSENT);
    document.cookie = `${CONSENT_COOKIE}=refused; path=/`;
    expect(readConsent()).toEqual(REFUSE_ALL);
  });
});
