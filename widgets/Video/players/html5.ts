import type { BridgeOptions, PlayerBridge } from './bridge';

/** The self-hosted video: the prerendered <video> element, driven directly. */
export function html5Bridge({ host, report }: BridgeOptions): PlayerBridge {
  const video = host.querySelector('video');
  if (!video) {
    report({ type: 'player.error', code: 5 });
    return { command: () => undefined, destroy: () => undefined };
  }
  const ready = () => report({ type: 'player.ready' });
  const listeners: Array<[string, () => void]> = [
    ['loadedmetadata', ready],
    ['playing', () => report({ type: 'player.playing' })],
    ['pause', () => report({ type: 'player.paused' })],
    ['ended', () => report({ type: 'player.ended' })],
  ];
  for (const [type, listener] of listeners) video.addEventListener(type, listener);
  // §8 table, code 5: the content cannot be played in an HTML5 player. Issue 31: a missing file (a
  // 404) raises its error on its <source>, which does not bubble: a capturing listener hears it, and
  // only the last source's error means nothing is left to try.
  const failed = (event: Event) => {
    const sources = video.querySelectorAll('source');
    if (event.target === video || event.target === sources[sources.length - 1]) report({ type: 'player.error', code: 5 });
  };
  video.addEventListener('error', failed, true);
  video.preload = 'auto';
  // The player is ready once the file has answered with its metadata; a file that failed before
  // (or the "Try again" after a failure) selects the sources again.
  if (video.networkState === video.NETWORK_NO_SOURCE || video.error) video.load();
  else if (video.readyState >= 1) ready();
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
      video.removeEventListener('error', failed, true);
      video.pause();
    },
  };
}
