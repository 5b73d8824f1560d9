/**
 * §5 Widgets, §6: the consent record and the one rule that decides whether the two video
 * platforms may load. Pure: the cookie adapter (runtime/consent.ts) reads and writes the record.
 */
export interface Consent {
  /** The visitor answered the banner (accept, refuse or saved settings). */
  given: boolean;
  /** The visitor refused cookies outright. */
  refused: boolean;
  /** Essential cookies enabled in the settings dialog. */
  essential: boolean;
  /** Video embeds enabled in the settings dialog (false = disabled). */
  videoEmbeds: boolean;
}

/** No answer yet: the banner shows and no platform embed loads. */
export const NO_CONSENT: Consent = { given: false, refused: false, essential: true, videoEmbeds: true };
export const ACCEPT_ALL: Consent = { given: true, refused: false, essential: true, videoEmbeds: true };
export const REFUSE_ALL: Consent = { given: true, refused: true, essential: false, videoEmbeds: false };

/**
 * §5: platform embeds load only when all three hold: consent exists and is not refused; essential
 * cookies are enabled; video embeds are not disabled.
 */
export function platformEmbedsAllowed(consent: Consent): boolean {
  return consent.given && !consent.refused && consent.essential && consent.videoEmbeds;
}

export type VideoKind = 'html5' | 'youtube' | 'vimeo';

/**
 * §5: a self-hosted (html5) video never contacts a platform, so it needs no consent; that includes
 * the lightbox html5 videos the spec names. Platform videos follow platformEmbedsAllowed.
 */
export function videoAllowed(video: { type: VideoKind; lightbox?: boolean }, consent: Consent): boolean {
  if (video.type === 'html5') return true;
  return platformEmbedsAllowed(consent);
}

/** The cookie's value: four flags, so a tampered or old cookie reads as "no answer". */
export function encodeConsent(consent: Consent): string {
  if (!consent.given) return '';
  if (consent.refused) return 'refused';
  return `essential=${consent.essential ? 1 : 0};video=${consent.videoEmbeds ? 1 : 0}`;
}

export function decodeConsent(value: string | undefined): Consent {
  if (value === 'refused') return REFUSE_ALL;
  const match = /^essential=([01]);video=([01])$/.exec(value ?? '');
  if (!match) return NO_CONSENT;
  return { given: true, refused: false, essential: match[1] === '1', videoEmbeds: match[2] === '1' };
}
