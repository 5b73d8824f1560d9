import type { MediaActorInput, MediaCommand, MediaReport } from '../../machines/media-player/media-player.machine';
import { VIDEO_SITE_UNAVAILABLE, videoSiteEvent } from '../../machines/media-player/media-player.rules';
import { format, type Translations } from '../../runtime/translations';
import { watchNearViewport } from '../../runtime/near-viewport';
import { loadPlatformA, type PlatformAPlayer } from '../Video/players/platform-a';
import { mediaPlayerTranslations, type MediaPlayerTranslations } from './media-player.translations';

/** One renderer behind the media machine's `media` actor. */
export interface Renderer {
  command(command: MediaCommand): void;
  destroy(): void;
}

type Report = (event: MediaReport) => void;

/** The player's own error texts, in the page's language (media-player.translations.ts). */
export type MediaErrorMessages = Pick<
  Translations<MediaPlayerTranslations>,
  'mediaFailed' | 'noStreaming' | 'streamFailed' | 'streamPlayerFailed' | 'needsWindow'
>;

const HLS_MIME = 'application/vnd.apple.mpegurl';

/** The browser's own <audio>/<video>; HLS too, natively where the browser can, else through hls.js (loaded on demand). */
export function elementRenderer(
  media: HTMLMediaElement,
  input: MediaActorInput,
  report: Report,
  warn: (message: string) => void,
  messages: MediaErrorMessages = mediaPlayerTranslations,
): Renderer {
  const time = () => report({ type: 'media.time', currentTime: media.currentTime, duration: Number.isFinite(media.duration) ? media.duration : 0 });
  const listeners: Array<[string, () => void]> = [
    ['loadedmetadata', () => {
      report({ type: 'media.loaded', duration: Number.isFinite(media.duration) ? media.duration : 0 });
      time();
    }],
    ['playing', () => report({ type: 'media.playing' })],
    ['pause', () => report({ type: 'media.paused' })],
    ['ended', () => report({ type: 'media.ended' })],
    ['progress', () => report({ type: 'media.progress' })],
    ['seeked', time],
  ];
  for (const [type, listener] of listeners) media.addEventListener(type, listener);
  // §8, issue 31: a file that cannot be fetched (a 404) raises its error on its <source>, which does
  // not bubble; a capturing listener on the element hears it. Only the last source's error means
  // that nothing is left to try; the element's own error is a decode or network failure.
  const failed = (event: Event) => {
    const sources = media.querySelectorAll('source');
    if (event.target === media || event.target === sources[sources.length - 1]) report({ type: 'media.error', message: messages.mediaFailed });
  };
  media.addEventListener('error', failed, true);
  let destroyHls = () => undefined as void;
  let attached: Promise<void> = Promise.resolve();
  let attaching = false;

  // hls.js (~180 KB gzip) is imported only on the first play, and only where HLS is not native.
  const attachStream = (): Promise<void> => {
    if (input.renderer !== 'hls' || attaching) return attached;
    attaching = true;
    let cancelled = false;
    destroyHls = () => void (cancelled = true);
    attached = import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          report({ type: 'media.error', message: messages.noStreaming });
          return;
        }
        const hls = new Hls();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) report({ type: 'media.error', message: format(messages.streamFailed, { details: data.details }) });
        });
        hls.loadSource(input.source.src);
        hls.attachMedia(media);
        destroyHls = () => hls.destroy();
      })
      .catch((error: unknown) => {
        warn(`[sitecharts] media-player: hls.js did not load: ${String(error)}`);
        report({ type: 'media.error', message: messages.streamPlayerFailed });
      });
    return attached;
  };
  // Issue 31: the prerendered element fetches nothing (preload="none", so a player far down the page
  // costs nothing at load); once the player is near the viewport (or played) the renderer asks for the
  // metadata (the duration). The island hydrates when the visitor starts using the page, not when it
  // is seen (issue 35: a player in the first screen must not bring React at load), so nearness is
  // watched here. A source list that already failed, or a Retry, selects the sources again.
  let fetching = false;
  let stopWatching = () => undefined as void;
  const fetchMetadata = () => {
    if (fetching) return;
    fetching = true;
    stopWatching();
    media.preload = 'metadata';
    if (input.renderer === 'hls' && media.canPlayType(HLS_MIME)) {
      media.src = input.source.src;
      attaching = true;
    } else if (input.renderer === 'native' && (input.attempt > 0 || media.networkState === media.NETWORK_NO_SOURCE || media.error)) {
      media.load();
    }
  };
  // The player's box, not the element's: an <audio> without native controls has none.
  stopWatching = watchNearViewport(media.parentElement ?? media, fetchMetadata);
  if (media.readyState >= 1) report({ type: 'media.loaded', duration: Number.isFinite(media.duration) ? media.duration : 0 });
  // Issue 49.6: the element's own controls stand in until now, and a tap on them may have started it:
  // the machine hears it as from the element's events, so its state (and the recording) is the page's.
  if (!media.paused && !media.ended) {
    report({ type: 'media.playing' });
    time();
  }

  return {
    command(command) {
      switch (command.type) {
        case 'play':
          fetchMetadata();
          void attachStream().then(() => media.play().catch(() => report({ type: 'media.paused' })));
          break;
        case 'pause':
          media.pause();
          break;
        case 'seek':
          media.currentTime = command.seconds;
          break;
        case 'volume':
          media.volume = command.volume;
          media.muted = command.muted;
          break;
        case 'time.read':
          time();
          break;
      }
    },
    destroy() {
      for (const [type, listener] of listeners) media.removeEventListener(type, listener);
      media.removeEventListener('error', failed, true);
      stopWatching();
      destroyHls();
    },
  };
}

/**
 * The video-site renderer (platform A). The machine starts it only with consent (§5) and stops it
 * when consent is withdrawn; even then nothing is requested from the platform until the first
 * play, which loads the iframe API and creates the player (click to play, like the Video widget).
 */
export function videoSiteRenderer(
  host: HTMLElement,
  input: MediaActorInput,
  report: Report,
  warn: (message: string) => void,
  messages: MediaErrorMessages = mediaPlayerTranslations,
): Renderer {
  const win = host.ownerDocument.defaultView as (Window & typeof globalThis) | null;
  const videoId = new URL(input.source.src, 'https://www.youtube.com').searchParams.get('v') ?? input.source.src.split('/').pop() ?? '';
  const target = host.ownerDocument.createElement('div');
  let player: PlatformAPlayer | undefined;
  let requested = false;
  let destroyed = false;
  // Commands given before the player exists, applied once it is ready.
  let playWhenReady = false;
  let volume: Extract<MediaCommand, { type: 'volume' }> | undefined;
  let destroyPlayer = () => undefined as void;

  const setVolume = (ready: PlatformAPlayer, command: Extract<MediaCommand, { type: 'volume' }>) => {
    if (command.muted) ready.mute();
    else ready.unMute();
    ready.setVolume(Math.round(command.volume * 100));
  };
  const load = (page: Window & typeof globalThis) => {
    requested = true;
    host.append(target);
    loadPlatformA(page)
      .then((YT) => {
        if (destroyed) return;
        const created = new YT.Player(target, {
          width: 480,
          height: 270,
          videoId,
          playerVars: { playsinline: 1, rel: 0, origin: page.location.origin },
          events: {
            onReady: () => {
              player = created;
              report({ type: 'media.loaded', duration: created.getDuration?.() ?? 0 });
              if (volume) setVolume(created, volume);
              if (playWhenReady) created.playVideo();
            },
            onStateChange: ({ data }) => {
              const event = videoSiteEvent(data);
              if (event === 'loaded') report({ type: 'media.loaded', duration: created.getDuration?.() ?? 0 });
              else if (event) report({ type: `media.${event}` });
            },
            onError: ({ data }) => report({ type: 'media.error', code: data, message: 'video site error' }),
          },
        });
        destroyPlayer = () => created.destroy();
      })
      .catch((error: unknown) => {
        // Blocked or offline: the visitor gets the §8 error (with the address tried) and the link to the original, not a silent player.
        warn(`[sitecharts] media-player: ${String(error)}`);
        if (!destroyed) report({ type: 'media.error', message: VIDEO_SITE_UNAVAILABLE });
      });
  };

  return {
    command(command) {
      if (!player) {
        if (command.type === 'play') {
          playWhenReady = true;
          if (!win) report({ type: 'media.error', message: messages.needsWindow });
          else if (!requested) load(win);
        } else if (command.type === 'pause') playWhenReady = false;
        else if (command.type === 'volume') volume = command;
        return;
      }
      if (command.type === 'play') player.playVideo();
      else if (command.type === 'pause') player.pauseVideo();
      else if (command.type === 'seek') player.seekTo(command.seconds, true);
      else if (command.type === 'volume') setVolume(player, command);
      else report({ type: 'media.time', currentTime: player.getCurrentTime?.() ?? 0, duration: player.getDuration?.() ?? 0 });
    },
    destroy() {
      destroyed = true;
      destroyPlayer();
      target.remove();
    },
  };
}
