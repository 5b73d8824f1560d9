import type { VideoKind } from '../cookie-consent/cookie-consent.rules';

export type { VideoKind };

/** §9: video player start volume 0.8. */
export const START_VOLUME = 0.8;
/** §9: video platform B volume on unmute 0.7. */
export const PLATFORM_B_UNMUTE_VOLUME = 0.7;
/** §9: default player size 480x270. */
export const DEFAULT_WIDTH = 480;
export const DEFAULT_HEIGHT = 270;
/** §9: fallback video trigger after 2000 ms. */
export const FALLBACK_TRIGGER_MS = 2000;

/** §7: poster quality choices of the video service's image host. */
export const POSTER_QUALITIES = ['default', 'hqdefault', 'mqdefault', 'sddefault', 'maxresdefault'] as const;
export type PosterQuality = (typeof POSTER_QUALITIES)[number];

/** §7: platform A's player script, loaded on demand. */
export const PLATFORM_A_API = 'https://www.youtube.com/iframe_api';
/** §6: the only origins each bridge accepts messages from (and posts to). */
export const PLATFORM_ORIGINS: Readonly<Record<Exclude<VideoKind, 'html5'>, readonly string[]>> = {
  youtube: ['https://www.youtube.com'],
  vimeo: ['https://player.vimeo.com'],
};
/** Every host a platform video can reach: nothing on the page may contact them before consent. */
export const PLATFORM_HOSTS = ['youtube.com', 'ytimg.com', 'youtube-nocookie.com', 'vimeo.com', 'vimeocdn.com'] as const;

/** §7: 'https://img.youtube.com/vi/<id>/<quality>.jpg'. */
export function posterUrl(videoId: string, quality: PosterQuality = 'hqdefault'): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(videoId)}/${quality}.jpg`;
}

/** The platform's own page for the video: the link shown without consent opens it in a new tab. */
export function originalUrl(type: VideoKind, videoId: string, given: string): string {
  if (given) return given;
  if (type === 'youtube') return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
  if (type === 'vimeo') return `https://vimeo.com/${encodeURIComponent(videoId)}`;
  return '';
}

/** Platform B's embedded player address (its postMessage API is on by default; dnt avoids tracking cookies). */
export function platformBPlayerUrl(videoId: string): string {
  return `https://player.vimeo.com/video/${encodeURIComponent(videoId)}?dnt=1&autoplay=0`;
}

/** §6: the bridge accepts a message only when it comes from its own platform's origin. */
export function acceptsMessageFrom(type: VideoKind, origin: string): boolean {
  if (type === 'html5') return false;
  return PLATFORM_ORIGINS[type].includes(origin);
}

/** Whether a URL reaches one of the video platforms (the e2e network check uses the same list). */
export function isPlatformHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return PLATFORM_HOSTS.some((platform) => host === platform || host.endsWith(`.${platform}`));
}

/** §9 volume rules: platform B comes back at 0.7 on unmute; everything else at the start volume. */
export function unmuteVolume(type: VideoKind): number {
  return type === 'vimeo' ? PLATFORM_B_UNMUTE_VOLUME : START_VOLUME;
}

/** Platform B's postMessage payloads arrive as JSON text or as objects; anything else is dropped. */
export function readPlatformBMessage(data: unknown): { event: string; data?: { seconds?: number; duration?: number } } | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || !('event' in value) || typeof value.event !== 'string') return null;
  const payload = 'data' in value && typeof value.data === 'object' && value.data !== null ? (value.data as { seconds?: number; duration?: number }) : undefined;
  return { event: value.event, data: payload };
}
