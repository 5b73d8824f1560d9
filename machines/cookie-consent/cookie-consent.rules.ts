/**
 * §5 Widgets, §6: the consent record and the one rule that decides whether a video platform may
 * load. Pure: the cookie adapter (runtime/consent.ts) reads and writes the record.
 *
 * Issue 19: consent is asked where it matters, in each video's placeholder, for that video's
 * platform ("Play video", for this visit or remembered) or for every platform ("Always allow
 * videos"). The §5 rule still decides: a platform loads only when consent exists and is not
 * refused, essential cookies are enabled, and video embeds are not disabled for it.
 */
export type VideoKind = 'html5' | 'youtube' | 'vimeo';
export type VideoPlatform = Exclude<VideoKind, 'html5'>;
export const VIDEO_PLATFORMS: readonly VideoPlatform[] = ['youtube', 'vimeo'];

export function isVideoPlatform(name: string): name is VideoPlatform {
  return (VIDEO_PLATFORMS as readonly string[]).includes(name);
}

/** Who runs each platform, as the placeholder and the settings dialog name them. */
export const PLATFORM_LABELS: Readonly<Record<VideoPlatform, { name: string; owner: string; host: string }>> = {
  youtube: { name: 'YouTube', owner: 'Google', host: 'youtube.com' },
  vimeo: { name: 'Vimeo', owner: 'Vimeo', host: 'vimeo.com' },
};

export interface Consent {
  /** The visitor answered (a placeholder, "always allow", the settings dialog). */
  given: boolean;
  /** The visitor refused (withdrew) outright. */
  refused: boolean;
  /** Essential cookies enabled in the settings dialog. */
  essential: boolean;
  /** Video embeds enabled for every platform ("Always allow videos"). */
  videoEmbeds: boolean;
  /** Platforms allowed one by one ("Play video" in a placeholder, or ticked in the dialog). */
  platforms: readonly VideoPlatform[];
}

/** No answer yet: nothing is stored and no platform embed loads. */
export const NO_CONSENT: Consent = { given: false, refused: false, essential: true, videoEmbeds: true, platforms: [] };
export const ACCEPT_ALL: Consent = { given: true, refused: false, essential: true, videoEmbeds: true, platforms: [] };
export const REFUSE_ALL: Consent = { given: true, refused: true, essential: false, videoEmbeds: false, platforms: [] };

/** An answer that can allow anything: given, not refused, essential cookies on (§5's first two conditions). */
function usable(consent: Consent): boolean {
  return consent.given && !consent.refused && consent.essential;
}

/** §5 for one platform: usable consent, and video embeds enabled for every platform or for this one. */
export function platformAllowed(consent: Consent, platform: VideoPlatform): boolean {
  return usable(consent) && (consent.videoEmbeds || (consent.platforms ?? []).includes(platform));
}

/** §5: every platform embed allowed (the "always allow videos" answer). */
export function platformEmbedsAllowed(consent: Consent): boolean {
  return VIDEO_PLATFORMS.every((platform) => platformAllowed(consent, platform));
}

/**
 * §5: a self-hosted (html5) video never contacts a platform, so it needs no consent; that includes
 * the lightbox html5 videos the spec names. Platform videos follow platformAllowed.
 */
export function videoAllowed(video: { type: VideoKind; lightbox?: boolean }, consent: Consent): boolean {
  if (video.type === 'html5') return true;
  return platformAllowed(consent, video.type);
}

/** The consent after the visitor allowed one platform from its placeholder: an answer that allows it, the rest kept. */
export function grantPlatform(consent: Consent, platform: VideoPlatform): Consent {
  if (platformAllowed(consent, platform)) return consent;
  const base = usable(consent) ? consent : { given: true, refused: false, essential: true, videoEmbeds: false, platforms: [] };
  return { ...base, platforms: [...(base.platforms ?? []), platform] };
}

/** The settings dialog's answer: essential cookies and each platform ticked or not; all ticked is "always allow". */
export function savedConsent(essential: boolean, platforms: readonly VideoPlatform[]): Consent {
  const all = VIDEO_PLATFORMS.every((platform) => platforms.includes(platform));
  return { given: true, refused: false, essential, videoEmbeds: all, platforms: all ? [] : VIDEO_PLATFORMS.filter((p) => platforms.includes(p)) };
}

/** What the page's videos go by: the stored answer plus the platforms allowed for this visit only. */
export function effectiveConsent(stored: Consent, forThisVisit: readonly VideoPlatform[]): Consent {
  return forThisVisit.reduce(grantPlatform, stored);
}

/**
 * The cookie's value: the flags and, when not every platform is allowed, the ones that are. A
 * tampered cookie reads as "no answer"; the value of earlier versions (no platforms) still reads.
 */
export function encodeConsent(consent: Consent): string {
  if (!consent.given) return '';
  if (consent.refused) return 'refused';
  const platforms = consent.videoEmbeds ? [] : VIDEO_PLATFORMS.filter((p) => (consent.platforms ?? []).includes(p));
  const base = `essential=${consent.essential ? 1 : 0};video=${consent.videoEmbeds ? 1 : 0}`;
  return platforms.length ? `${base};platforms=${platforms.join(',')}` : base;
}

export function decodeConsent(value: string | undefined): Consent {
  if (value === 'refused') return REFUSE_ALL;
  const match = /^essential=([01]);video=([01])(?:;platforms=([a-z,]+))?$/.exec(value ?? '');
  if (!match) return NO_CONSENT;
  const named = (match[3] ?? '').split(',');
  if (!named.every((name) => name === '' || isVideoPlatform(name))) return NO_CONSENT;
  const platforms = VIDEO_PLATFORMS.filter((p) => named.includes(p));
  return { given: true, refused: false, essential: match[1] === '1', videoEmbeds: match[2] === '1', platforms };
}
