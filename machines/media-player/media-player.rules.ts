import { platformAllowed, type Consent, type VideoPlatform } from '../cookie-consent/cookie-consent.rules';

/**
 * §3, §5, §7, §8, §9: the embedded media player's pure helpers: which renderer plays a source,
 * whether consent lets it, time codes, the video-site state mapping and the error-code table. The
 * helpers throw on arguments of the wrong type (§5), as the original library's do.
 */

/** §3: recognised video extensions. */
export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'ogg', 'ogv', 'webm', 'flv', 'mpeg', 'mov'] as const;
/** §3: recognised audio extensions. */
export const AUDIO_EXTENSIONS = ['mp3', 'oga', 'wav', 'mid', 'midi'] as const;
/** §3, §9: default frame rate 25. */
export const FRAME_RATE = 25;
/** §9: player time update interval 250 ms. */
export const TIME_UPDATE_MS = 250;
/** Decision: the arrow keys move the playhead by 5 s (the original library's default step). */
export const SEEK_STEP_SECONDS = 5;

export type Renderer = 'native' | 'hls' | 'video-site' | 'download';
export type MediaKind = 'video' | 'audio';

export interface MediaSource {
  src: string;
  /** A MIME type when the author gives one; otherwise the extension decides. */
  type?: string;
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  ogg: 'video/ogg',
  ogv: 'video/ogg',
  webm: 'video/webm',
  flv: 'video/x-flv',
  mpeg: 'video/mpeg',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  mid: 'audio/midi',
  midi: 'audio/midi',
  m3u8: 'application/x-mpegURL',
};

function requireString(value: unknown, message: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(message);
}

function requireNumber(value: unknown, message: string): asserts value is number {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new TypeError(message);
}

/** The lowercased extension of a URL's path, without query or fragment; '' when it has none. */
export function getExtension(url: unknown): string {
  requireString(url, 'URL must be a string');
  const path = url.split(/[?#]/)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The video-site renderer plays platform A's addresses (isVideoSiteUrl), so its consent is platform A's. */
export const VIDEO_SITE_PLATFORM: VideoPlatform = 'youtube';

export function isVideoSiteUrl(url: unknown): boolean {
  requireString(url, 'URL must be a string');
  return /^https?:\/\/(www\.)?(youtube\.com\/(watch|embed)|youtu\.be\/)/i.test(url);
}

/** The MIME type for a source: the author's, else the extension's; '' when unknown. */
export function mimeTypeOf(source: MediaSource): string {
  if (source.type) return source.type;
  return MIME_BY_EXTENSION[getExtension(source.src)] ?? '';
}

/** §3: audio by the audio list, video by the video list (and HLS and video-site URLs). */
export function mediaKindOf(src: string): MediaKind | null {
  const extension = getExtension(src);
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(extension)) return 'audio';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension) || extension === 'm3u8' || isVideoSiteUrl(src)) return 'video';
  return null;
}

/**
 * Which renderer plays a source: a video-site address goes to the video-site renderer, an HLS
 * playlist to the streaming one, a recognised extension to the browser's own player; flv (the
 * original's flash renderer) and anything unrecognised get the §8 download-file link.
 */
export function rendererFor(source: MediaSource): Renderer {
  if (isVideoSiteUrl(source.src)) return 'video-site';
  const extension = getExtension(source.src);
  const type = mimeTypeOf(source).toLowerCase();
  if (extension === 'm3u8' || type === 'application/x-mpegurl' || type === 'application/vnd.apple.mpegurl') return 'hls';
  if (extension === 'flv' || type === 'video/x-flv') return 'download';
  return mediaKindOf(source.src) ? 'native' : 'download';
}

/** The first source a renderer other than the download link can play, or the download link for the first. */
export function pickSource(sources: readonly MediaSource[]): { renderer: Renderer; source: MediaSource | null } {
  for (const source of sources) {
    const renderer = rendererFor(source);
    if (renderer !== 'download') return { renderer, source };
  }
  return { renderer: 'download', source: sources[0] ?? null };
}

/**
 * §5: only the video-site renderer contacts a platform, so only it waits for consent, by the same
 * rule as every platform embed; the browser's own player and HLS from this site need none.
 */
export function rendererAllowed(renderer: Renderer, consent: Consent): boolean {
  return renderer !== 'video-site' || platformAllowed(consent, VIDEO_SITE_PLATFORM);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** §5: seconds as a time code 00:00:00 (with :ff frames at `fps` when asked). */
export function secondsToTimeCode(time: unknown, showFrames = false, fps: unknown = FRAME_RATE): string {
  requireNumber(time, 'Time must be a number');
  requireNumber(fps, 'Frame rate must be a number');
  const total = Math.max(0, time);
  const whole = Math.floor(total);
  const code = `${pad(Math.floor(whole / 3600))}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
  return showFrames ? `${code}:${pad(Math.floor((total - whole) * fps))}` : code;
}

const TIME_CODE = /^(\d{2,}):([0-5]\d):([0-5]\d)(?:[:;](\d{2}))?$/;

/** §5: a time code must look like 00:00:00 (optionally :ff frames at `fps`); returns seconds. */
export function timeCodeToSeconds(code: unknown, fps: unknown = FRAME_RATE): number {
  requireString(code, 'Time code must be a string');
  requireNumber(fps, 'Frame rate must be a number');
  const match = TIME_CODE.exec(code.trim());
  if (!match) throw new Error(`Time code must look like 00:00:00, got '${code}'`);
  const [, hours = '0', minutes = '0', seconds = '0', frames] = match;
  const frameSeconds = frames === undefined ? 0 : Number(frames) / fps;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + frameSeconds;
}

export type VideoSiteEvent = 'loaded' | 'playing' | 'paused' | 'ended' | 'progress';

/** The video-site renderer's state mapping: unstarted/cued -> loaded, 1 playing, 2 paused, 0 ended, 3 buffering -> progress. */
export function videoSiteEvent(state: unknown): VideoSiteEvent | null {
  requireNumber(state, 'Player state must be a number');
  switch (state) {
    case -1:
    case 5:
      return 'loaded';
    case 0:
      return 'ended';
    case 1:
      return 'playing';
    case 2:
      return 'paused';
    case 3:
      return 'progress';
    default:
      return null;
  }
}

/** §8: the video-site player's error codes. */
export const VIDEO_SITE_ERRORS: Readonly<Record<number, string>> = {
  2: 'invalid parameter value (video ID must be 11 characters with no invalid characters)',
  5: 'the content cannot be played in an HTML5 player, or another HTML5 player error',
  100: 'the video was not found, removed or private',
  101: 'the owner does not allow playing in embedded players',
  105: 'the owner does not allow playing in embedded players',
};
export const UNKNOWN_ERROR = 'Unknown error.';
/** §8: the generated error's message when the video site's player script cannot be loaded (blocked, offline); the URLs follow it. */
export const VIDEO_SITE_UNAVAILABLE = 'The video site player could not be loaded.';

/** §8: shown as 'Code N: message'. */
export function videoSiteErrorText(code: unknown): string {
  requireNumber(code, 'Error code must be a number');
  return `Code ${code}: ${VIDEO_SITE_ERRORS[code] ?? UNKNOWN_ERROR}`;
}

/** §8: the generated error event's message with the list of URLs that were tried. */
export function mediaErrorText(message: unknown, urls: readonly string[]): string {
  requireString(message, 'Message must be a string');
  return urls.length === 0 ? message : `${message} (${urls.join(', ')})`;
}
