import { videoSiteEvent } from '../../../machines/media-player/media-player.rules';
import { PLATFORM_A_API } from '../../../machines/video/video.rules';
import type { BridgeOptions, PlayerBridge } from './bridge';

/** The parts of platform A's iframe API (YouTube) this bridge uses. */
export interface PlatformAPlayer {
  playVideo(): void;
  pauseVideo(): void;
  mute(): void;
  unMute(): void;
  setVolume(volume: number): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime?(): number;
  getDuration?(): number;
  destroy(): void;
}

export interface PlatformAOptions {
  width: number;
  height: number;
  videoId: string;
  playerVars?: Record<string, string | number>;
  events: {
    onReady?: () => void;
    onStateChange?: (event: { data: number }) => void;
    onError?: (event: { data: number }) => void;
  };
}

export interface PlatformANamespace {
  Player: new (element: HTMLElement, options: PlatformAOptions) => PlatformAPlayer;
}

declare global {
  interface Window {
    YT?: PlatformANamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<PlatformANamespace> | undefined;

/** §7: platform A's player script, loaded once, on demand (only after consent and a click). */
export function loadPlatformA(win: Window & typeof globalThis): Promise<PlatformANamespace> {
  loading ??= new Promise<PlatformANamespace>((resolve, reject) => {
    if (win.YT?.Player) return resolve(win.YT);
    const previous = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (win.YT) resolve(win.YT);
      else reject(new Error('platform A: the player API did not define YT'));
    };
    const script = win.document.createElement('script');
    script.src = PLATFORM_A_API;
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`platform A: could not load ${PLATFORM_A_API}`));
    };
    win.document.head.append(script);
  });
  return loading;
}

/** Platform A through its iframe API: its state changes mapped like the video-site renderer's. */
export function platformABridge({ host, input, width, height, report, warn }: BridgeOptions): PlayerBridge {
  const win = host.ownerDocument.defaultView as (Window & typeof globalThis) | null;
  const target = host.ownerDocument.createElement('div');
  host.append(target);
  let player: PlatformAPlayer | undefined;
  let destroyed = false;
  if (win) {
    loadPlatformA(win)
      .then((YT) => {
        if (destroyed) return;
        player = new YT.Player(target, {
          width,
          height,
          videoId: input.videoId,
          playerVars: { playsinline: 1, rel: 0, origin: win.location.origin },
          events: {
            onReady: () => report({ type: 'player.ready' }),
            onStateChange: ({ data }) => {
              const event = videoSiteEvent(data);
              if (event === 'playing') report({ type: 'player.playing' });
              else if (event === 'paused') report({ type: 'player.paused' });
              else if (event === 'ended') report({ type: 'player.ended' });
            },
            onError: ({ data }) => {
              // §8: platform A player errors are logged only.
              warn(`[sitecharts] video: platform A player error ${data}`);
              report({ type: 'player.error', code: data });
            },
          },
        });
      })
      .catch((error: unknown) => warn(`[sitecharts] video: ${String(error)}`));
  }
  return {
    command(command) {
      if (!player) return;
      switch (command.type) {
        case 'play':
          player.playVideo();
          break;
        case 'pause':
          player.pauseVideo();
          break;
        case 'volume':
          player.setVolume(Math.round(command.volume * 100));
          break;
        case 'mute':
          player.mute();
          break;
        case 'unmute':
          player.unMute();
          player.setVolume(Math.round(command.volume * 100));
          break;
        case 'seek':
          player.seekTo(command.seconds, true);
          break;
      }
    },
    destroy() {
      destroyed = true;
      player?.destroy();
      host.replaceChildren();
    },
  };
}
