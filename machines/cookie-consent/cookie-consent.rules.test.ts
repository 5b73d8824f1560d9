import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  NO_CONSENT,
  REFUSE_ALL,
  decodeConsent,
  encodeConsent,
  platformEmbedsAllowed,
  videoAllowed,
  type Consent,
} from './cookie-consent.rules';

const arbitraryConsent = fc.record({ given: fc.boolean(), refused: fc.boolean(), essential: fc.boolean(), videoEmbeds: fc.boolean() });

describe('§5 consent rule for platform embeds', () => {
  it('allows embeds only when consent exists, is not refused, essential cookies are on and embeds are not disabled', () => {
    fc.assert(
      fc.property(arbitraryConsent, (consent: Consent) => {
        const expected = consent.given && !consent.refused && consent.essential && consent.videoEmbeds;
        expect(platformEmbedsAllowed(consent)).toBe(expected);
      }),
    );
  });

  it.each([
    ['no answer yet', NO_CONSENT, false],
    ['refused', REFUSE_ALL, false],
    ['accepted', ACCEPT_ALL, true],
    ['essential cookies off', { ...ACCEPT_ALL, essential: false }, false],
    ['video embeds disabled', { ...ACCEPT_ALL, videoEmbeds: false }, false],
  ] as const)('%s', (_name, consent, allowed) => {
    expect(platformEmbedsAllowed(consent)).toBe(allowed);
    expect(videoAllowed({ type: 'youtube' }, consent)).toBe(allowed);
    expect(videoAllowed({ type: 'vimeo' }, consent)).toBe(allowed);
  });

  it('html5 videos (lightbox ones included) are always allowed', () => {
    expect(videoAllowed({ type: 'html5', lightbox: true }, REFUSE_ALL)).toBe(true);
    expect(videoAllowed({ type: 'html5' }, NO_CONSENT)).toBe(true);
  });
});

describe('the consent cookie value', () => {
  it('round-trips every answered consent', () => {
    fc.assert(
      fc.property(arbitraryConsent, (consent) => {
        const answered = { ...consent, given: true };
        const decoded = decodeConsent(encodeConsent(answered));
        expect(platformEmbedsAllowed(decoded)).toBe(platformEmbedsAllowed(answered));
        expect(decoded.given).toBe(true);
      }),
    );
  });

  it('reads a missing or tampered cookie as no answer', () => {
    expect(decodeConsent(undefined)).toEqual(NO_CONSENT);
    expect(decodeConsent('essential=1;video=yes')).toEqual(NO_CONSENT);
    expect(decodeConsent('')).toEqual(NO_CONSENT);
  });
});
