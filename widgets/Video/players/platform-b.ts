import { acceptsMessageFrom, platformBPlayerUrl, readPlatformBMessage, PLATFORM_ORIGINS } from '../../../machines/video/video.rules';
import type { BridgeOptions, PlayerBridge } from './bridge';

const ORIGIN = PLATFORM_ORIGINS.vimeo[0] ?? 'https://player.vimeo.com';
/** Platform B's player events this bridge listens to. */
const LISTENED = ['play', 'pause', 'finish'] as const;

/**
 * Platform B (Vimeo) through its player postMessage API. §6: a message counts only when it comes
 * from platform B's origin and from this bridge's own frame; commands are posted to that origin only.
 */
export function platformBBridge({ host, input, title, width, height, report }: BridgeOptions): PlayerBridge {
  const doc = host.ownerDocument;
  const win = doc.defaultView;
  const iframe = doc.createElement('iframe');
  iframe.src = platformBPlayerUrl(input.videoId);
  iframe.title = title;
  iframe.width = String(width);
  iframe.height = String(height);
  iframe.allow = 'autoplay; fullscreen; picture-in-picture';
  host.append(iframe);

  const post = (method: string, value?: unknown) =>
    iframe.contentWindow?.postMessage(JSON.stringify(value === undefined ? { method } : { method, value }), ORIGIN);

  const onMessage = (event: MessageEvent) => {
    if (!acceptsMessageFrom('vimeo', event.origin) || event.source !== iframe.contentWindow) return;
    const message = readPlatformBMessage(event.data);
    if (!message) return;
    switch (message.event) {
      case 'ready':
        for (const name of LISTENED) post('addEventListener', name);
        report({ type: 'player.ready' });
        break;
      case 'play':
      case 'playing':
        report({ type: 'player.playing' });
        break;
      case 'pause':
        report({ type: 'player.paused' });
        break;
      case 'finish':
      case 'ended':
        report({ type: 'player.ended' });
        break;
    }
  };
  win?.addEventListener('message', onMessage);

  return {
    command(command) {
      switch (command.type) {
        case 'play':
        case 'pause':
          post(command.type);
          break;
        case 'volume':
        case 'unmute':
          post('setVolume', command.volume);
          break;
        case 'mute':
          post('setVolume', 0);
          break;
        case 'seek':
          post('setCurrentTime', command.seconds);
          break;
      }
    },
    destroy() {
      win?.removeEventListener('message', onMessage);
      iframe.remove();
    },
  };
}
