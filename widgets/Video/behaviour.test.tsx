// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { ACCEPT_ALL, grantPlatform, NO_CONSENT, type Consent } from '../../machines/cookie-consent/cookie-consent.rules';
import { videoMachine, type VideoEvent } from '../../machines/video/video.machine';
import { FALLBACK_TRIGGER_MS } from '../../machines/video/video.rules';
import { onConsentRequest, publishConsent } from '../../runtime/consent';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import videoBehaviour, { drawVideo } from './behaviour';
import { Video, type VideoContent } from './Video';
import { videoSettings } from './video.settings';
import video from './widget';

type Kind = 'youtube' | 'vimeo' | 'html5';

const SETTINGS: Record<Kind, Record<string, string>> = {
  youtube: { type: 'youtube', video_id: 'aqz-KE-bpKQ', width: '640', height: '360', mobile_image: '/images/harbour.svg' },
  vimeo: { type: 'vimeo', video_id: '76979871', width: '640', height: '360' },
  html5: { type: 'html5', width: '640', height: '360', mobile_image: '/images/harbour.svg' },
};
const CONTENT: Record<Kind, VideoContent> = {
  youtube: { title: 'Big Buck Bunny', poster: '/images/harbour.svg' },
  vimeo: { title: 'Sintel' },
  html5: {
    title: 'The harbour test card',
    poster: '/media/harbour-poster.jpg',
    sources: [
      { src: '/media/harbour.webm', type: 'video/webm' },
      { src: '/media/harbour.mp4', type: 'video/mp4' },
    ],
  },
};

/** The video island as the prerender writes it. */
const prerendered = (kind: Kind, content = CONTENT[kind]) => renderToString(<Island widget={video} content={content} settings={SETTINGS[kind]} hydrate="idle" />);

/** What the view renders for the actor's state: the prerendered island with the view's figure for it. */
function viewOf(kind: Kind, actor: ReturnType<typeof videoActor>, content = CONTENT[kind]): string {
  // React hoists a preload for each image it renders alone; the page's prerender writes them in its head.
  const html = renderToString(<Video actorRef={actor} settings={videoSettings.parse(SETTINGS[kind])} content={content} />).replace(/<link [^>]*>/g, '');
  return prerendered(kind, content).replace(/<figure[\s\S]*<\/figure>/, html);
}

/** A video's machine, mounted with the given consent on the test clock (a phone where `mobile`); its player never answers. */
function videoActor(kind: Kind, consent: Consent, mobile = false) {
  const settings = videoSettings.parse(SETTINGS[kind]);
  const clock = createTestClock();
  const machine = videoMachine.provide({
    guards: { isMobileDevice: () => mobile },
    actors: { consentSource: fromCallback(({ sendBack }) => sendBack({ type: 'consent.update', consent })) },
  });
  const input = { type: settings.type, videoId: settings.video_id, lightbox: false, hasFallbackImage: settings.mobile_image !== '', loop: false, muted: false };
  const actor = createActor(machine, { input, clock }).start();
  actor.send({ type: 'video.mounted' });
  return Object.assign(actor, { clock });
}

/** One page of the kind's prerendered island, drawn in turn with each state the actor reaches. */
function drawnPage(kind: Kind) {
  const host = document.createElement('div');
  host.innerHTML = prerendered(kind);
  const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  return { host, draw: (actor: ReturnType<typeof videoActor>) => drawVideo(island, actor.getSnapshot(), CONTENT[kind]) };
}

/** bind's markup equals the view's for the actor's state: tags, attributes and texts. */
function expectDrawnAsView(kind: Kind, host: HTMLElement, actor: ReturnType<typeof videoActor>) {
  const view = viewOf(kind, actor);
  expect(islandShape(host.innerHTML)).toEqual(islandShape(view));
  expect(islandText(host.innerHTML)).toBe(islandText(view));
}

const ALLOW_YOUTUBE = grantPlatform(NO_CONSENT, 'youtube');

cleanUpAnsweringPages();

describe('the video behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each(['youtube', 'vimeo'] as const)('%s: asking, allowed (poster and play button), loading, loaded with its commands, unloaded, withdrawn (the placeholder back)', (kind) => {
    const { host, draw } = drawnPage(kind);
    const asking = videoActor(kind, NO_CONSENT);
    expect(asking.getSnapshot().matches({ mounted: 'blocked' })).toBe(true);
    draw(asking);
    expectDrawnAsView(kind, host, asking);

    const actor = videoActor(kind, ACCEPT_ALL);
    const steps: Array<[string, VideoEvent[]]> = [
      ['lazy', []],
      ['loading', [{ type: 'video.play' }]],
      ['loaded', [{ type: 'player.ready' }, { type: 'player.playing' }]],
      ['loaded, muted and looping', [{ type: 'video.mute' }, { type: 'video.loop', enabled: true }]],
      ['unmuted', [{ type: 'video.unmute' }]],
      ['unloaded', [{ type: 'video.unload' }]],
      ['withdrawn', [{ type: 'consent.update', consent: NO_CONSENT }]],
      ['allowed again', [{ type: 'consent.update', consent: ACCEPT_ALL }]],
    ];
    for (const [, events] of steps) {
      for (const event of events) actor.send(event);
      draw(actor);
      expectDrawnAsView(kind, host, actor);
    }
  });

  it('youtube: the player not ready within 2000 ms shows the §9 notice and its retry; the retry loads again', () => {
    const { host, draw } = drawnPage('youtube');
    const actor = videoActor('youtube', ALLOW_YOUTUBE);
    actor.send({ type: 'video.play' });
    draw(actor);
    actor.clock.advanceBy(FALLBACK_TRIGGER_MS);
    expect(actor.getSnapshot().matches({ mounted: 'fallback' })).toBe(true);
    draw(actor);
    expectDrawnAsView('youtube', host, actor);
    expect(host.querySelector('.video__notice')?.textContent).toContain('Try again');
    actor.send({ type: 'video.play' });
    draw(actor);
    expectDrawnAsView('youtube', host, actor);
  });

  it.each(['youtube', 'html5'] as const)('%s on a phone with the fallback image: the image and the link, no player', (kind) => {
    const { host, draw } = drawnPage(kind);
    const actor = videoActor(kind, ACCEPT_ALL, true);
    expect(actor.getSnapshot().matches({ mounted: 'noPlayer' })).toBe(true);
    draw(actor);
    expectDrawnAsView(kind, host, actor);
  });

  it('html5: prerendered with its native controls, then the play button, loading, loaded, the fallback with the download link', () => {
    const { host, draw } = drawnPage('html5');
    const actor = videoActor('html5', NO_CONSENT);
    expect(actor.getSnapshot().matches({ mounted: 'lazy' })).toBe(true);
    draw(actor);
    expectDrawnAsView('html5', host, actor);
    expect(host.querySelector('video')?.hasAttribute('controls')).toBe(false);
    actor.send({ type: 'video.play' });
    draw(actor);
    expectDrawnAsView('html5', host, actor);
    actor.send({ type: 'player.ready' });
    draw(actor);
    expectDrawnAsView('html5', host, actor);
    actor.send({ type: 'video.unload' });
    actor.send({ type: 'video.play' });
    actor.clock.advanceBy(FALLBACK_TRIGGER_MS);
    draw(actor);
    expectDrawnAsView('html5', host, actor);
  });

  it('a state drawn differs from the prerendered one (the comparison can fail)', () => {
    const { host, draw } = drawnPage('youtube');
    draw(videoActor('youtube', ACCEPT_ALL));
    expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered('youtube')));
  });
});

/** The page's consent service, as the cookie dialog runs it (demo/CookieConsent.tsx): a request answered by publishing the new consent. */
function consentService() {
  let consent = NO_CONSENT;
  onTestFinished(
    onConsentRequest(window, (request) => {
      consent = 'all' in request ? ACCEPT_ALL : grantPlatform(consent, request.platform);
      publishConsent(window, consent);
    }),
  );
}

const figureOf = (island: HTMLElement) => island.querySelector('figure') as HTMLElement;

/** The page comes into use (a scroll) and the browser is idle (200 ms on the clock in jsdom): the idle island's behaviour runs. */
async function pageInUse(page: ReturnType<typeof answeringPage>) {
  page.release();
  window.dispatchEvent(new Event('scroll'));
  await vi.waitFor(() => {
    page.clock.advanceBy(200);
    expect(page.island.dataset.island).toBe('answering');
  });
}

describe('the video answers a first tap without its view (issue 35, goal 2)', () => {
  it('"Play video" tapped in the placeholder before the chunk arrives is acknowledged, then plays: the player shows, named and focused; the view never loads', async () => {
    consentService();
    const page = answeringPage(prerendered('youtube'), video, videoBehaviour);
    const { island, view, clock, release, controller } = page;
    const play = island.querySelector('.consent-prompt__actions > button') as HTMLElement;
    play.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    play.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(island.querySelector('.consent-prompt')).toBeNull();
    const player = island.querySelector<HTMLElement>('[data-video-player]') as HTMLElement;
    expect(player.hidden).toBe(false);
    expect(player.getAttribute('aria-label')).toBe('Big Buck Bunny, YouTube player');
    expect(figureOf(island).className).toBe('video video--youtube video--loading');
    clock.advanceBy(16);
    expect(document.activeElement).toBe(player);
    expect(view).not.toHaveBeenCalled();
  });

  it('"Always allow videos" shows the poster and the play button, focused; a tap on it loads the player; the view never loads', async () => {
    consentService();
    const page = answeringPage(prerendered('vimeo'), video, videoBehaviour);
    const { island, view, clock } = page;
    await pageInUse(page);
    (island.querySelectorAll('.consent-prompt__actions > button')[1] as HTMLElement).click();
    expect(figureOf(island).className).toBe('video video--vimeo video--lazy');
    clock.advanceBy(16);
    const play = island.querySelector<HTMLElement>('.video__play') as HTMLElement;
    expect(document.activeElement).toBe(play);
    expect(play.getAttribute('aria-label')).toBe('Play video: Sintel');
    play.click();
    expect(figureOf(island).className).toBe('video video--vimeo video--loading');
    expect(view).not.toHaveBeenCalled();
  });

  it('a self-hosted video: its play button plays; its commands answer (mute pressed, close brings the play button back); the view never loads', async () => {
    // jsdom plays no media: the element's methods stand in.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    const page = answeringPage(prerendered('html5'), video, videoBehaviour);
    const { island, view } = page;
    await pageInUse(page);
    expect(figureOf(island).className).toBe('video video--html5 video--lazy');
    (island.querySelector('.video__play') as HTMLElement).click();
    expect(figureOf(island).className).toBe('video video--html5 video--loading');
    const media = island.querySelector('video') as HTMLVideoElement;
    expect(media.hasAttribute('controls')).toBe(true);
    // The player starts in the next task; its file's metadata makes it ready.
    await vi.waitFor(() => {
      media.dispatchEvent(new Event('loadedmetadata'));
      expect(figureOf(island).className).toBe('video video--html5 video--loaded');
    });
    const commands = island.querySelector('[role="group"][aria-label="Player commands: The harbour test card"]');
    const [mute, , , close] = [...(commands?.querySelectorAll('button') ?? [])];
    mute?.click();
    expect(mute?.getAttribute('aria-pressed')).toBe('true');
    expect(media.muted).toBe(true);
    close?.click();
    expect(island.querySelector('.video__controls')).toBeNull();
    expect(figureOf(island).className).toBe('video video--html5 video--lazy');
    expect(island.querySelector('.video__play')).not.toBeNull();
    expect(view).not.toHaveBeenCalled();
  });
});
