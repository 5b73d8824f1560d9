import type { BridgeOptions, PlayerBridge } from './bridge';

/** The self-hosted video: the prerendered <video> element, driven directly. */
export function html5Bridge({ host, report }: BridgeOptions): PlayerBridge {
  const video = host.querySelector('video');
  if (!video) {
    report({ type: 'player.error', code: 5 });
    return { command: () => undefined, destroy: () => undefined };
  }
  const listeners: Array<[string, () => void]> = [
    ['playing', () => report({ type: 'player.playing' })],
    ['pause', () => report({ type: 'player.paused' })],
    ['ended', () => report({ type: 'player.ended' })],
    // §8 table, code 5: the content cannot be played in an HTML5 player.
    ['error', () => report({ type: 'player.error', code: 5 })],
  ];
  for (const [type, listener] of listeners) video.addEventListener(type, listener);
  video.preload = 'auto';
  report({ type: 'player.ready' });
  return {
    command(command) {
      switch (command.type) {
        case 'play':
          // A refused play (autoplay policy) leaves the video paused with its controls.
          video.play().catch(() => report({ type: 'player.paused' }));
          break;
        case 'pause':
          video.pause();
          break;
        case 'volume':
          video.volume = command.volume;
          break;
        case 'mute':
          video.muted = true;
          break;
        case 'unmute':
          video.muted = false;
          video.volume = command.volume;
          break;
        case 'seek':
          video.currentTime = command.seconds;
          break;
      }
    },
    destroy() {
      for (const [type, listener] of listeners) video.removeEventListener(type, listener);
      video.pause();
    },
  };
}
