// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type ActorRefFrom } from 'xstate';
import { ACCEPT_ALL, NO_CONSENT } from '../../machines/cookie-consent/cookie-consent.rules';
import { mediaPlayerMachine, type MediaPlayerEvent } from '../../machines/media-player/media-player.machine';
import { onConsentRequest, publishConsent } from '../../runtime/consent';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import mediaPlayerBehaviour, { drawMediaPlayer } from './behaviour';
import type { MediaPlayerContent } from './MediaPlayer';
import { mediaPlayerSettings } from './media-player.settings';
import mediaPlayer from './widget';

const VIDEO: MediaPlayerContent = {
  title: 'The harbour test card',
  sources: [{ src: '/media/harbour.webm' }, { src: '/media/harbour.mp4' }],
};
const AUDIO: MediaPlayerContent = { title: 'Bedtime chime', sources: [{ src: '/media/lullaby.mp3' }, { src: '/media/lullaby.oga' }] };
const STREAM: MediaPlayerContent = { title: 'Streamed', sources: [{ src: '/media/hls/harbour.m3u8' }], download: '/media/harbour.mp4' };
const SITE: MediaPlayerContent = { title: 'Big Buck Bunny', sources: [{ src: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }] };
const FILE_ONLY: MediaPlayerContent = { title: 'Old film', sources: [{ src: '/media/old.flv' }] };
/** A page in another language: the labels the states write come from its table. */
const TRANSLATED: MediaPlayerContent = { ...AUDIO, translations: { play: 'Écouter {title}', pause: 'Arrêter {title}', retry: 'Réessayer', position: '{time} sur {duration}' } };
const SETTINGS = { poster: '/media/harbour-poster.jpg' };

/** The player's island as the prerender writes it. */
const prerendered = (content: MediaPlayerContent) => renderToString(<Island widget={mediaPlayer} content={content} settings={SETTINGS} hydrate="idle" />);

const FIGURE = /<figure[\s\S]*<\/figure>/;

/** What the view renders for the actor's state: the prerendered island with the view's figure for it. */
function viewOf(actor: ActorRefFrom<typeof mediaPlayerMachine>, content: MediaPlayerContent): string {
  const View = mediaPlayer.View;
  const html = renderToString(<View actorRef={actor} settings={mediaPlayerSettings.parse(SETTINGS)} content={content} slots={{}} />);
  // React hoists the poster's preload link ahead of the figure: the prerendered island has it already.
  const figure = FIGURE.exec(html)?.[0] ?? '';
  return prerendered(content).replace(FIGURE, figure);
}

/** The machine for `content`, its renderer a stub that never answers, after `events`. */
function player(content: MediaPlayerContent, events: MediaPlayerEvent[]) {
  const actor = createActor(mediaPlayerMachine, { input: { sources: content.sources }, clock: createTestClock() }).start();
  for (const event of events) actor.send(event);
  return actor;
}

const MOUNTED: MediaPlayerEvent = { type: 'player.mounted' };
const PLAYING: MediaPlayerEvent[] = [MOUNTED, { type: 'media.loaded', duration: 6 }, { type: 'media.playing' }, { type: 'media.time', currentTime: 2.5, duration: 6 }];
const STATES: Array<{ name: string; events: MediaPlayerEvent[] }> = [
  { name: 'prerendered', events: [] },
  { name: 'ready, paused', events: [MOUNTED] },
  { name: 'playing at 2.5 s of 6', events: PLAYING },
  { name: 'paused again', events: [...PLAYING, { type: 'media.paused' }] },
  { name: 'ended', events: [...PLAYING, { type: 'media.time', currentTime: 6, duration: 6 }, { type: 'media.ended' }] },
  { name: 'muted', events: [...PLAYING, { type: 'player.mute.toggle' }] },
  { name: 'at volume 0.4', events: [...PLAYING, { type: 'player.volume', volume: 0.4 }] },
  { name: 'failed (§8)', events: [MOUNTED, { type: 'media.error', message: 'The media could not be played.' }] },
  { name: 'retried', events: [MOUNTED, { type: 'media.error', message: 'The media could not be played.' }, { type: 'player.retry' }] },
];
const SITE_STATES: Array<{ name: string; events: MediaPlayerEvent[] }> = [
  { name: 'prerendered', events: [] },
  { name: 'blocked', events: [MOUNTED] },
  { name: 'allowed', events: [MOUNTED, { type: 'consent.update', consent: ACCEPT_ALL }] },
  { name: 'allowed, playing', events: [MOUNTED, { type: 'consent.update', consent: ACCEPT_ALL }, { type: 'media.loaded', duration: 596 }, { type: 'media.playing' }] },
  { name: 'withdrawn', events: [MOUNTED, { type: 'consent.update', consent: ACCEPT_ALL }, { type: 'consent.update', consent: NO_CONSENT }] },
  { name: 'failed (video site code)', events: [MOUNTED, { type: 'consent.update', consent: ACCEPT_ALL }, { type: 'media.error', code: 150, message: 'video site error' }] },
];

cleanUpAnsweringPages();

/** The prerendered island of `content` with `bind` applied for the actor's state. */
function drawn(content: MediaPlayerContent, actor: ActorRefFrom<typeof mediaPlayerMachine>, host = document.createElement('div')): HTMLElement {
  if (!host.firstChild) host.innerHTML = prerendered(content);
  drawMediaPlayer(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), content);
  return host;
}

describe('the media player behaviour draws what the view renders (issue 35, goal 2)', () => {
  describe.each([
    { kind: 'video', content: VIDEO },
    { kind: 'audio', content: AUDIO },
    { kind: 'HLS stream', content: STREAM },
    { kind: 'audio in another language', content: TRANSLATED },
  ])('$kind', ({ content }) => {
    it.each(STATES)('$name: the same elements, attributes and texts as the view', ({ events }) => {
      const actor = player(content, events);
      const host = drawn(content, actor);
      expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor, content)));
      expect(islandText(host.innerHTML)).toBe(islandText(viewOf(actor, content)));
    });
  });

  it.each(SITE_STATES)('video-site source, $name: the same placeholder, controls and texts as the view', ({ events }) => {
    const actor = player(SITE, events);
    const host = drawn(SITE, actor);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor, SITE)));
    expect(islandText(host.innerHTML)).toBe(islandText(viewOf(actor, SITE)));
  });

  it('a source no renderer plays: the download link alone, as the view', () => {
    const actor = player(FILE_ONLY, [MOUNTED]);
    expect(actor.getSnapshot().matches('download')).toBe(true);
    const host = drawn(FILE_ONLY, actor);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor, FILE_ONLY)));
  });

  it('one page drawn through a series of states: elements added and removed where the view adds and removes them', () => {
    for (const [content, series] of [
      [VIDEO, STATES],
      [SITE, SITE_STATES],
    ] as const) {
      const host = document.createElement('div');
      for (const { events } of series) {
        const actor = player(content, events);
        drawn(content, actor, host);
        expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor, content)));
        expect(islandText(host.innerHTML)).toBe(islandText(viewOf(actor, content)));
      }
      // Back to where it began: the placeholder the prerender wrote, and no failure.
      drawn(content, player(content, []), host);
      expect(islandShape(host.innerHTML)).toEqual(islandShape(prerendered(content)));
    }
  });

  it('the sliders’ values as React keeps them: the property follows the state, as the attribute does', () => {
    const host = drawn(AUDIO, player(AUDIO, [...PLAYING, { type: 'player.volume', volume: 0.4 }]));
    expect(host.querySelector<HTMLInputElement>('.media-player__seek')?.value).toBe('2.5');
    expect(host.querySelector<HTMLInputElement>('.media-player__volume')?.value).toBe('0.4');
  });
});

/** jsdom plays nothing: the element's play and pause report as a browser's would, and load does nothing. */
function fakeMediaElements() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
}

/** The element's metadata as a browser reads it: its duration, then `loadedmetadata`. */
function loadMetadata(media: HTMLMediaElement, duration: number) {
  Object.defineProperty(media, 'duration', { configurable: true, value: duration });
  media.dispatchEvent(new Event('loadedmetadata'));
}

const key = (target: Element, name: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
const q = <T extends Element>(selector: string) => document.querySelector<T>(selector) as T;

describe('the media player answers without its view (issue 35, goal 2)', () => {
  beforeEach(fakeMediaElements);
  afterEach(() => vi.unstubAllGlobals());

  it('once its chunk is there: Play plays, k pauses, the seek slider’s keys move the time shown, m mutes; the view never loads', async () => {
    const { island, view, release, controller, clock } = answeringPage(prerendered(AUDIO), mediaPlayer, mediaPlayerBehaviour);
    release();
    await controller.activateAll();
    expect(island.dataset.island).toBe('answering');
    const controls = q<HTMLElement>('.media-player__controls');
    expect(controls.hidden).toBe(false);
    expect(q('audio').hasAttribute('controls')).toBe(false);
    const media = q<HTMLMediaElement>('audio');
    loadMetadata(media, 6);
    const play = q<HTMLButtonElement>('.media-player__play');
    play.click();
    // The renderer plays once its stream is attached (a promise, even for a file).
    await vi.waitFor(() => expect(play.getAttribute('aria-label')).toBe('Pause Bedtime chime'));
    expect(play.querySelector('path')?.getAttribute('d')).toBe('M6 4h4v16H6zM14 4h4v16h-4z');
    key(play, 'k');
    expect(play.getAttribute('aria-label')).toBe('Play Bedtime chime');
    const seek = q<HTMLInputElement>('.media-player__seek');
    expect(key(seek, 'ArrowRight')).toBe(false);
    expect(media.currentTime).toBe(5);
    media.dispatchEvent(new Event('seeked'));
    expect(seek.getAttribute('aria-valuetext')).toBe('00:00:05 of 00:00:06');
    expect(q('.media-player__time').textContent).toBe('00:00:05 / 00:00:06');
    key(seek, 'Home');
    media.dispatchEvent(new Event('seeked'));
    expect(q('.media-player__time').textContent).toBe('00:00:00 / 00:00:06');
    // The slider by pointer: the machine seeks, and the slider shows its value until the element has.
    seek.value = '3';
    seek.dispatchEvent(new Event('input', { bubbles: true }));
    expect(media.currentTime).toBe(3);
    expect(seek.value).toBe('0');
    key(controls, 'm');
    expect(q('.media-player__mute').getAttribute('aria-pressed')).toBe('true');
    expect(media.muted).toBe(true);
    const volume = q<HTMLInputElement>('.media-player__volume');
    volume.value = '0.3';
    volume.dispatchEvent(new Event('input', { bubbles: true }));
    expect(volume.getAttribute('aria-valuetext')).toBe('30%');
    expect(media.volume).toBe(0.3);
    clock.advanceBy(1000);
    expect(view).not.toHaveBeenCalled();
  });

  it('a missing file: the §8 message with the URLs tried, and Try again starts the player anew, focus on Play; the view never loads', async () => {
    const { view, release, controller, clock } = answeringPage(prerendered(VIDEO), mediaPlayer, mediaPlayerBehaviour);
    release();
    await controller.activateAll();
    const sources = document.querySelectorAll('source');
    sources[sources.length - 1]?.dispatchEvent(new Event('error'));
    expect(q('[role="alert"]').textContent).toBe('The media could not be played. (/media/harbour.webm, /media/harbour.mp4)');
    expect(q<HTMLElement>('.media-player__controls').hidden).toBe(true);
    const retry = q<HTMLButtonElement>('.media-player__retry');
    expect(retry.textContent).toBe('Try again');
    retry.click();
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(q<HTMLElement>('.media-player__controls').hidden).toBe(false);
    clock.advanceBy(100);
    expect(document.activeElement).toBe(q('.media-player__play'));
    expect(view).not.toHaveBeenCalled();
  });

  it('a tap on the placeholder before the chunk arrives is acknowledged, then answered: consent asked, the controls shown and focused; withdrawn, the placeholder is back', async () => {
    const asked: unknown[] = [];
    const stop = onConsentRequest(window, (request) => {
      asked.push(request);
      publishConsent(window, ACCEPT_ALL);
    });
    const { island, view, release, controller, clock } = answeringPage(prerendered(SITE), mediaPlayer, mediaPlayerBehaviour);
    const allowAll = [...document.querySelectorAll<HTMLButtonElement>('.consent-prompt button')][1] as HTMLButtonElement;
    expect(allowAll.textContent).toBe('Always allow videos');
    allowAll.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(asked).toEqual([]);
    release();
    await controller.activateAll();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(asked).toEqual([{ all: true }]);
    expect(document.querySelector('.consent-prompt')).toBeNull();
    expect(q<HTMLElement>('.media-player__controls').hidden).toBe(false);
    clock.advanceBy(100);
    expect(document.activeElement).toBe(q('.media-player__play'));
    publishConsent(window, NO_CONSENT);
    expect(q('.consent-prompt').getAttribute('aria-label')).toBe('Big Buck Bunny, video from YouTube');
    expect(q<HTMLElement>('.media-player__controls').hidden).toBe(true);
    // "Play video" with the box ticked asks for this platform, remembered.
    q<HTMLInputElement>('.consent-prompt input[name="remember"]').click();
    q<HTMLButtonElement>('.consent-prompt button').click();
    expect(asked.at(-1)).toEqual({ platform: 'youtube', remember: true });
    stop();
    expect(view).not.toHaveBeenCalled();
  });
});
