import { describe, expect, it } from 'vitest';
import { ACCEPT_ALL, NO_CONSENT, REFUSE_ALL, type Consent } from '../machines/cookie-consent/cookie-consent.rules';
import {
  CONSENT_COOKIE,
  answerConsentQueries,
  currentConsent,
  onConsentRequest,
  pageIsHttps,
  publishConsent,
  readConsent,
  requestConsent,
  storeConsent,
  subscribeConsent,
  type ConsentRequest,
  type CookieJar,
} from './consent';

function memoryJar(): CookieJar & { written: Array<{ name: string; value: string; options: object }> } {
  const values = new Map<string, string>();
  const written: Array<{ name: string; value: string; options: object }> = [];
  return {
    written,
    get: (name) => values.get(name),
    set(name, value, options) {
      values.set(name, value);
      written.push({ name, value, options });
    },
  };
}

describe('consent channel (runtime/consent.ts)', () => {
  it('stores the answer in one cookie, site-wide and same-site strict, and reads it back', () => {
    const jar = memoryJar();
    expect(readConsent(jar)).toEqual(NO_CONSENT);
    storeConsent(REFUSE_ALL, jar);
    expect(jar.written[0]).toMatchObject({ name: CONSENT_COOKIE, options: { path: '/', sameSite: 'strict', secure: false } });
    expect(readConsent(jar)).toEqual(REFUSE_ALL);
  });

  it('is Secure when the page is served over https, and only then (issue 17)', () => {
    expect([pageIsHttps({ protocol: 'https:' }), pageIsHttps({ protocol: 'http:' }), pageIsHttps(undefined)]).toEqual([true, false, false]);
    const jar = memoryJar();
    storeConsent(ACCEPT_ALL, jar, pageIsHttps({ protocol: 'https:' }));
    expect(jar.written[0]?.options).toMatchObject({ secure: true });
  });

  it('delivers each published change to every subscriber until it unsubscribes', () => {
    const target = new EventTarget();
    const first: Consent[] = [];
    const second: Consent[] = [];
    const stopFirst = subscribeConsent(target, (c) => first.push(c));
    subscribeConsent(target, (c) => second.push(c));
    publishConsent(target, ACCEPT_ALL);
    stopFirst();
    publishConsent(target, REFUSE_ALL);
    expect(first).toEqual([ACCEPT_ALL]);
    expect(second).toEqual([ACCEPT_ALL, REFUSE_ALL]);
  });

  it("what holds now comes from the page's consent service when there is one, else from the cookie (issue 19)", () => {
    const target = new EventTarget();
    const jar = memoryJar();
    storeConsent(REFUSE_ALL, jar);
    expect(currentConsent(target, jar)).toEqual(REFUSE_ALL);
    const forThisVisit: Consent = { ...ACCEPT_ALL, videoEmbeds: false, platforms: ['youtube'] };
    const stop = answerConsentQueries(target, () => forThisVisit);
    expect(currentConsent(target, jar)).toEqual(forThisVisit);
    stop();
    expect(currentConsent(target, jar)).toEqual(REFUSE_ALL);
  });

  it("carries a placeholder's request to the page's consent service", () => {
    const target = new EventTarget();
    const heard: ConsentRequest[] = [];
    const stop = onConsentRequest(target, (request) => heard.push(request));
    requestConsent(target, { platform: 'vimeo', remember: true });
    requestConsent(target, { all: true });
    stop();
    requestConsent(target, { all: true });
    expect(heard).toEqual([{ platform: 'vimeo', remember: true }, { all: true }]);
  });
});
