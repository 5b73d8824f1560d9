import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  NO_CONSENT,
  REFUSE_ALL,
  VIDEO_PLATFORMS,
  decodeConsent,
  effectiveConsent,
  encodeConsent,
  grantPlatform,
  platformAllowed,
  platformEmbedsAllowed,
  savedConsent,
  videoAllowed,
  type Consent,
} from './cookie-consent.rules';
import { arbitraryConsent } from './cookie-consent.arbitrary';

const arbitraryPlatform = fc.constantFrom(...VIDEO_PLATFORMS);

describe('§5 consent rule for platform embeds', () => {
  it('allows embeds only when consent exists, is not refused, essential cookies are on and embeds are not disabled', () => {
    fc.assert(
      fc.property(arbitraryConsent, (consent: Consent) => {
        const expected = consent.given && !consent.refused && consent.essential && consent.videoEmbeds;
        expect(platformEmbedsAllowed({ ...consent, platforms: [] })).toBe(expected);
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
        for (const platform of VIDEO_PLATFORMS) expect(platformAllowed(decoded, platform)).toBe(platformAllowed(answered, platform));
        expect(decoded.given).toBe(true);
      }),
    );
  });

  it('reads a missing or tampered cookie as no answer', () => {
    expect(decodeConsent(undefined)).toEqual(NO_CONSENT);
    expect(decodeConsent('essential=1;video=yes')).toEqual(NO_CONSENT);
    expect(decodeConsent('')).toEqual(NO_CONSENT);
    expect(decodeConsent('essential=1;video=0;platforms=youtube,dailymotion')).toEqual(NO_CONSENT);
  });

  it('keeps the platforms allowed one by one, and reads the value of earlier versions', () => {
    expect(encodeConsent(grantPlatform(NO_CONSENT, 'vimeo'))).toBe('essential=1;video=0;platforms=vimeo');
    expect(decodeConsent('essential=1;video=0;platforms=vimeo')).toEqual({ ...ACCEPT_ALL, videoEmbeds: false, platforms: ['vimeo'] });
    expect(decodeConsent('essential=1;video=1')).toEqual(ACCEPT_ALL);
  });
});

describe('issue 19: consent per platform, asked in context', () => {
  it('granting a platform allows exactly it, whatever was answered before, and keeps what was allowed', () => {
    fc.assert(
      fc.property(arbitraryConsent, arbitraryPlatform, (consent, platform) => {
        const granted = grantPlatform(consent, platform);
        expect(platformAllowed(granted, platform)).toBe(true);
        for (const other of VIDEO_PLATFORMS.filter((p) => p !== platform)) {
          if (platformAllowed(consent, other)) expect(platformAllowed(granted, other)).toBe(true);
          if (!consent.given || consent.refused || !consent.essential) expect(platformAllowed(granted, other)).toBe(false);
        }
      }),
    );
  });

  it('what holds is the stored answer plus the platforms allowed for this visit', () => {
    expect(platformAllowed(effectiveConsent(REFUSE_ALL, ['youtube']), 'youtube')).toBe(true);
    expect(platformAllowed(effectiveConsent(REFUSE_ALL, ['youtube']), 'vimeo')).toBe(false);
    expect(effectiveConsent(ACCEPT_ALL, [])).toEqual(ACCEPT_ALL);
  });

  it('the settings dialog saves the ticked platforms; all of them is every video', () => {
    expect(savedConsent(true, ['youtube', 'vimeo'])).toEqual(ACCEPT_ALL);
    expect(savedConsent(true, ['vimeo'])).toEqual({ ...ACCEPT_ALL, videoEmbeds: false, platforms: ['vimeo'] });
    expect(platformAllowed(savedConsent(false, ['vimeo']), 'vimeo')).toBe(false);
  });
});
