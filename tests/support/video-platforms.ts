import type { BrowserContext, Request } from 'playwright-core';
import { isPlatformHost } from '../../machines/video/video.rules';

/**
 * Test-only stand-ins for the two video platforms, served with Playwright routing at the real
 * addresses the product uses, so no test ever reaches the real platforms. Platform A's fake
 * iframe API creates a frame and answers playVideo/pauseVideo with the API's state codes;
 * platform B's fake player speaks the postMessage protocol and records what it was told.
 */
const PLATFORM_A_API = `
window.YT = { Player: class {
  constructor(element, options) {
    this.options = options;
    const frame = document.createElement('iframe');
    frame.src = 'https://www.youtube.com/embed/' + options.videoId;
    frame.title = 'YouTube video player';
    element.replaceWith(frame);
    this.frame = frame;
    window.__platformA = { calls: [] };
    setTimeout(() => options.events.onReady && options.events.onReady({ target: this }), 20);
  }
  record(name, value) { window.__platformA.calls.push(value === undefined ? name : name + ':' + value); }
  playVideo() { this.record('playVideo'); setTimeout(() => this.options.events.onStateChange({ data: 1 }), 10); }
  pauseVideo() { this.record('pauseVideo'); setTimeout(() => this.options.events.onStateChange({ data: 2 }), 10); }
  mute() { this.record('mute'); }
  unMute() { this.record('unMute'); }
  setVolume(v) { this.record('setVolume', v); }
  seekTo(s) { this.record('seekTo', s); }
  getCurrentTime() { return 0; }
  getDuration() { return 60; }
  destroy() { this.record('destroy'); this.frame.remove(); }
} };
window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady();
`;

const PLATFORM_B_PLAYER = `<!doctype html><html lang="en"><head><title>Vimeo player</title></head><body><p>fake player</p><script>
window.received = [];
const say = (event) => parent.postMessage(JSON.stringify({ event }), '*');
window.addEventListener('message', (e) => {
  const message = JSON.parse(e.data);
  window.received.push(message);
  if (message.method === 'play') say('play');
  if (message.method === 'pause') say('pause');
});
say('ready');
</script></body></html>`;

const POSTER = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#345"/></svg>`;

export async function fakeVideoPlatforms(context: BrowserContext) {
  await context.route('https://www.youtube.com/iframe_api', (route) => route.fulfill({ contentType: 'text/javascript', body: PLATFORM_A_API }));
  await context.route('https://www.youtube.com/embed/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>YouTube</title><p>fake embed</p></html>' }),
  );
  await context.route('https://www.youtube.com/watch**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>YouTube watch page</title></html>' }),
  );
  await context.route('https://img.youtube.com/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: POSTER }));
  await context.route('https://player.vimeo.com/video/**', (route) => route.fulfill({ contentType: 'text/html', body: PLATFORM_B_PLAYER }));
}

/** Every request the context makes, for the "nothing reaches a platform before consent" check. */
export function recordRequests(context: BrowserContext): { urls: string[]; platform(): string[] } {
  const urls: string[] = [];
  context.on('request', (request: Request) => void urls.push(request.url()));
  return { urls, platform: () => urls.filter(isPlatformHost) };
}
