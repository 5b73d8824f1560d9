// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ACCEPT_ALL, REFUSE_ALL } from '../../machines/cookie-consent/cookie-consent.rules';
import type { MediaActorInput, MediaReport } from '../../machines/media-player/media-player.machine';
import { TIME_UPDATE_MS, VIDEO_SITE_ERRORS } from '../../machines/media-player/media-player.rules';
import { PLATFORM_A_API } from '../../machines/video/video.rules';
import { createTestClock } from '../../runtime/test-clock';
import { publishConsent } from '../../runtime/consent';
import type { PlatformAOptions, PlatformAPlayer } from '../Video/players/platform-a';

/**
 * The video-site renderer (platform A) against a fake `window.YT`: the fake records every call
 * and lets the test fire the API's onReady, onStateChange and onError. The platform's script is
 * loaded once per page (a module-level promise), so each test imports the modules afresh.
 */
const WATCH_URL = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const INPUT: MediaActorInput = { renderer: 'video-site', source: { src: WATCH_URL }, attempt: 0 };
const DURATION = 596;

class FakePlayer implements PlatformAPlayer {
  readonly calls: string[] = [];
  currentTime = 0;
  destroyed = false;
  constructor(
    readonly element: HTMLElement,
    readonly options: PlatformAOptions,
  ) {}
  playVideo() {
    this.calls.push('playVideo');
  }
  pauseVideo() {
    this.calls.push('pauseVideo');
  }
  mute() {
    this.calls.push('mute');
  }
  unMute() {
    this.calls.push('unMute');
  }
  setVolume(volume: number) {
    this.calls.push(`setVolume:${volume}`);
  }
  seekTo(seconds: number, allowSeekAhead: boolean) {
    this.calls.push(`seekTo:${seconds}:${allowSeekAhead}`);
  }
  getCurrentTime() {
    return this.currentTime;
  }
  getDuration() {
    return DURATION;
  }
  destroy() {
    this.destroyed = true;
  }
  // The platform's side, driven by the test.
  ready() {
    this.options.events.onReady?.();
  }
  state(data: number) {
    this.options.events.onStateChange?.({ data });
  }
  error(data: number) {
    this.options.events.onError?.({ data });
  }
}

let players: FakePlayer[] = [];

/** Installs platform A's API as its script would: `window.YT` with a Player constructor. */
function installFakeApi() {
  window.YT = {
    Player: class extends FakePlayer {
      constructor(element: HTMLElement, options: PlatformAOptions) {
        super(element, options);
        players.push(this);
      }
    },
  };
}

/** The player the renderer created; fails the test when there is none. */
function onlyPlayer(): FakePlayer {
  expect(players).toHaveLength(1);
  const [player] = players;
  if (!player) throw new Error('no player was created');
  return player;
}

/** Lets the API's load promise and the renderer's callbacks on it run. */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** The script element loadPlatformA appended, if any; jsdom never fetches it, so the test decides how it ends. */
const apiScript = () => document.head.querySelector<HTMLScriptElement>(`script[src="${PLATFORM_A_API}"]`);

beforeEach(() => {
  vi.resetModules();
  players = [];
});

afterEach(() => {
  delete window.YT;
  delete window.onYouTubeIframeAPIReady;
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('videoSiteRenderer on its own (§4 video-site renderer, §7 platform A)', () => {
  async function startRenderer() {
    const { videoSiteRenderer } = await import('./renderers');
    const host = document.createElement('div');
    document.body.append(host);
    const reports: MediaReport[] = [];
    const warnings: string[] = [];
    const renderer = videoSiteRenderer(host, INPUT, (event) => reports.push(event), (message) => warnings.push(message));
    return { renderer, host, reports, warnings };
  }

  /** A renderer whose platform player was created by a play and is ready; what that reported and called is cleared. */
  async function readyRenderer() {
    const started = await startRenderer();
    installFakeApi();
    started.renderer.command({ type: 'play' });
    await settle();
    const player = onlyPlayer();
    player.ready();
    player.calls.length = 0;
    started.reports.length = 0;
    return { ...started, player };
  }

  it('requests nothing from the platform until the first play, then creates one player for the video', async () => {
    const { renderer, host } = await startRenderer();
    renderer.command({ type: 'volume', volume: 0.5, muted: false });
    renderer.command({ type: 'time.read' });
    await settle();
    expect(apiScript()).toBeNull();
    expect(host.childElementCount).toBe(0);

    installFakeApi();
    renderer.command({ type: 'play' });
    renderer.command({ type: 'play' });
    await settle();
    const player = onlyPlayer();
    expect(player.options).toMatchObject({ width: 480, height: 270, videoId: 'aqz-KE-bpKQ', playerVars: { playsinline: 1, rel: 0, origin: window.location.origin } });
    expect(host.contains(player.element)).toBe(true);
  });

  it('on ready it reports loaded with the duration and applies the commands given before (volume, play)', async () => {
    const { renderer, reports } = await startRenderer();
    installFakeApi();
    renderer.command({ type: 'play' });
    renderer.command({ type: 'volume', volume: 0.25, muted: true });
    await settle();
    const player = onlyPlayer();
    expect(player.calls).toEqual([]);
    player.ready();
    expect(reports).toEqual([{ type: 'media.loaded', duration: DURATION }]);
    expect(player.calls).toEqual(['mute', 'setVolume:25', 'playVideo']);
  });

  it('a pause before the player is ready cancels the pending play', async () => {
    const { renderer } = await startRenderer();
    installFakeApi();
    renderer.command({ type: 'play' });
    renderer.command({ type: 'pause' });
    await settle();
    const player = onlyPlayer();
    player.ready();
    expect(player.calls).toEqual([]);
  });

  it('maps every platform state to its media event: -1 and 5 loaded, 1 playing, 2 paused, 0 ended, 3 progress; others none', async () => {
    const { reports, player } = await readyRenderer();
    for (const state of [-1, 5, 1, 3, 2, 0, 4]) player.state(state);
    expect(reports).toEqual([
      { type: 'media.loaded', duration: DURATION },
      { type: 'media.loaded', duration: DURATION },
      { type: 'media.playing' },
      { type: 'media.progress' },
      { type: 'media.paused' },
      { type: 'media.ended' },
    ]);
  });

  it('once ready, commands reach the platform player and a time read reports its time and duration', async () => {
    const { renderer, reports, player } = await readyRenderer();
    renderer.command({ type: 'pause' });
    renderer.command({ type: 'play' });
    renderer.command({ type: 'seek', seconds: 42 });
    renderer.command({ type: 'volume', volume: 0.8, muted: false });
    player.currentTime = 12.5;
    renderer.command({ type: 'time.read' });
    expect(player.calls).toEqual(['pauseVideo', 'playVideo', 'seekTo:42:true', 'unMute', 'setVolume:80']);
    expect(reports).toEqual([{ type: 'media.time', currentTime: 12.5, duration: DURATION }]);
  });

  it('reports a platform error with its code', async () => {
    const { renderer, reports } = await startRenderer();
    installFakeApi();
    renderer.command({ type: 'play' });
    await settle();
    onlyPlayer().error(100);
    expect(reports).toEqual([expect.objectContaining({ type: 'media.error', code: 100 })]);
  });

  it('destroy tears the player down and removes its element', async () => {
    const { renderer, host, player } = await readyRenderer();
    renderer.destroy();
    expect(player.destroyed).toBe(true);
    expect(host.childElementCount).toBe(0);
  });

  it('destroyed while the API is still loading, it creates no player', async () => {
    const { renderer, host } = await startRenderer();
    renderer.command({ type: 'play' });
    renderer.destroy();
    installFakeApi();
    window.onYouTubeIframeAPIReady?.();
    await settle();
    expect(players).toEqual([]);
    expect(host.childElementCount).toBe(0);
  });

  it('when the platform script cannot be loaded it warns and reports an error, not a silent player', async () => {
    const { renderer, reports, warnings } = await startRenderer();
    renderer.command({ type: 'play' });
    const script = apiScript();
    expect(script?.async).toBe(true);
    script?.dispatchEvent(new Event('error'));
    await settle();
    expect(reports).toEqual([{ type: 'media.error', message: 'The video site player could not be loaded.' }]);
    expect(warnings).toEqual([`[sitecharts] media-player: Error: platform A: could not load ${PLATFORM_A_API}`]);
  });
});

describe('the media player with its video-site renderer, on the test clock (§4, §8, §9)', () => {
  /** The widget's own adapters (renderer and consent channel) on a bare island, with the machine on the test clock. */
  async function startPlayer() {
    const { default: widget } = await import('./widget');
    const island = document.createElement('div');
    const host = document.createElement('div');
    host.setAttribute('data-media-host', '');
    island.append(host);
    document.body.append(island);
    const clock = createTestClock();
    const warnings: string[] = [];
    if (!widget.provide) throw new Error('the media-player widget provides no adapters');
    const machine = widget.machine.provide(widget.provide({ clock, random: () => 0, warn: (message) => void warnings.push(message), element: island }));
    const actor = createActor(machine, { input: { sources: [{ src: WATCH_URL }] }, clock });
    const timeUpdates: number[] = [];
    actor.on('media.timeupdate', (event) => void timeUpdates.push(event.currentTime));
    actor.start();
    actor.send({ type: 'player.mounted' });
    publishConsent(window, ACCEPT_ALL);
    return { actor, clock, host, timeUpdates, warnings };
  }

  async function playing() {
    installFakeApi();
    const started = await startPlayer();
    started.actor.send({ type: 'player.toggle' });
    await settle();
    const player = onlyPlayer();
    player.ready();
    player.state(1);
    return { ...started, player };
  }

  it('loaded sets the duration; playing, paused and ended move the player between its states', async () => {
    const { actor, player } = await playing();
    expect(actor.getSnapshot().context.duration).toBe(DURATION);
    expect(player.calls).toContain('playVideo');
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'playing' } });
    player.state(3);
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'playing' } });
    player.state(2);
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
    player.state(1);
    player.state(0);
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'ended' } });
  });

  it('reads the platform time every 250 ms while playing and emits a time update each time; none while paused or ended', async () => {
    const { actor, clock, player, timeUpdates } = await playing();
    const getCurrentTime = vi.spyOn(player, 'getCurrentTime');
    player.currentTime = 3;
    clock.advanceBy(TIME_UPDATE_MS - 1);
    expect(timeUpdates).toHaveLength(0);
    clock.advanceBy(1);
    expect(timeUpdates).toHaveLength(1);
    expect(getCurrentTime).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.currentTime).toBe(3);
    player.currentTime = 4;
    clock.advanceBy(TIME_UPDATE_MS * 3);
    // Each update carries the time read at the tick before: the machine emits, then asks the renderer again.
    expect(timeUpdates).toEqual([0, 3, 4, 4]);
    expect(getCurrentTime).toHaveBeenCalledTimes(4);

    player.state(2);
    clock.advanceBy(TIME_UPDATE_MS * 4);
    expect(timeUpdates).toHaveLength(4);
    expect(getCurrentTime).toHaveBeenCalledTimes(4);
    expect(clock.pending()).toBe(0);

    player.state(1);
    clock.advanceBy(TIME_UPDATE_MS);
    expect(timeUpdates).toHaveLength(5);
    player.state(0);
    clock.advanceBy(TIME_UPDATE_MS * 4);
    expect(timeUpdates).toHaveLength(5);
    expect(clock.pending()).toBe(0);
    expect(getCurrentTime).toHaveBeenCalledTimes(6);
  });

  it.each(Object.keys(VIDEO_SITE_ERRORS).map(Number))("platform error %i ends as 'Code N: message' from the §8 table", async (code) => {
    const { actor, clock, player, host } = await playing();
    player.error(code);
    expect(actor.getSnapshot().value).toEqual({ mounted: 'failed' });
    expect(actor.getSnapshot().context.error).toBe(`Code ${code}: ${VIDEO_SITE_ERRORS[code]}`);
    // The renderer is stopped with the ready state: its player destroyed, no time updates left.
    expect(player.destroyed).toBe(true);
    expect(host.childElementCount).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it("a code outside the table reads 'Code N: Unknown error.'", async () => {
    const { actor, player } = await playing();
    player.error(150);
    expect(actor.getSnapshot().context.error).toBe('Code 150: Unknown error.');
  });

  it('consent withdrawn while playing destroys the platform player and stops the time updates', async () => {
    const { actor, clock, player, host, timeUpdates } = await playing();
    clock.advanceBy(TIME_UPDATE_MS);
    publishConsent(window, REFUSE_ALL);
    expect(actor.getSnapshot().value).toEqual({ mounted: 'blocked' });
    expect(player.destroyed).toBe(true);
    expect(host.childElementCount).toBe(0);
    clock.advanceBy(TIME_UPDATE_MS * 4);
    expect(timeUpdates).toHaveLength(1);
    expect(clock.pending()).toBe(0);
  });

  it('stopping the actor (the island unmounts) destroys the platform player', async () => {
    const { actor, clock, player } = await playing();
    actor.stop();
    expect(player.destroyed).toBe(true);
    expect(clock.pending()).toBe(0);
  });

  it('when the platform script cannot be loaded the player fails with the §8 message and the address, and warns once', async () => {
    const { actor, clock, host, warnings } = await startPlayer();
    actor.send({ type: 'player.toggle' });
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
    apiScript()?.dispatchEvent(new Event('error'));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ mounted: 'failed' });
    expect(actor.getSnapshot().context.error).toBe(`The video site player could not be loaded. (${WATCH_URL})`);
    expect(warnings).toHaveLength(1);
    expect(host.childElementCount).toBe(0);
    expect(clock.pending()).toBe(0);
  });
});

describe('the renderers’ own errors in the page language (issue 22)', () => {
  it('the element renderer reports a failed medium in the words it is given, English by default', async () => {
    const { elementRenderer } = await import('./renderers');
    const { mediaPlayerTranslations } = await import('./media-player.translations');
    const input: MediaActorInput = { renderer: 'native', source: { src: '/media/lullaby.mp3' }, attempt: 0 };
    const reported = (messages?: Parameters<typeof elementRenderer>[4]) => {
      const audio = document.createElement('audio');
      const reports: MediaReport[] = [];
      const renderer = elementRenderer(audio, input, (event) => reports.push(event), () => undefined, messages);
      audio.dispatchEvent(new Event('error'));
      renderer.destroy();
      return reports;
    };
    expect(reported()).toEqual([{ type: 'media.error', message: 'The media could not be played.' }]);
    expect(reported({ ...mediaPlayerTranslations, mediaFailed: 'تعذّر تشغيل الوسائط.' })).toEqual([{ type: 'media.error', message: 'تعذّر تشغيل الوسائط.' }]);
  });

  it('a file that cannot be fetched is reported once its last <source> has failed (issue 31: the error is the source element’s)', async () => {
    const { elementRenderer } = await import('./renderers');
    const input: MediaActorInput = { renderer: 'native', source: { src: '/media/harbour.webm' }, attempt: 0 };
    const video = document.createElement('video');
    const [webm, mp4] = ['/media/harbour.webm', '/media/harbour.mp4'].map((src) => Object.assign(document.createElement('source'), { src }));
    if (!webm || !mp4) throw new Error('two sources');
    video.append(webm, mp4);
    const reports: MediaReport[] = [];
    const renderer = elementRenderer(video, input, (event) => reports.push(event), () => undefined);
    expect(video.preload).toBe('metadata');
    webm.dispatchEvent(new Event('error'));
    expect(reports).toEqual([]);
    mp4.dispatchEvent(new Event('error'));
    expect(reports).toEqual([{ type: 'media.error', message: 'The media could not be played.' }]);
    renderer.destroy();
    mp4.dispatchEvent(new Event('error'));
    expect(reports).toHaveLength(1);
  });

  it('an element already playing when the renderer starts (a tap on its own controls before the behaviour ran) is reported playing, with its time (issue 49.6)', async () => {
    const { elementRenderer } = await import('./renderers');
    const input: MediaActorInput = { renderer: 'native', source: { src: '/media/harbour.mp4' }, attempt: 0 };
    const video = document.createElement('video');
    Object.defineProperty(video, 'paused', { value: false });
    Object.defineProperty(video, 'currentTime', { value: 1.5 });
    const reports: MediaReport[] = [];
    const renderer = elementRenderer(video, input, (event) => reports.push(event), () => undefined);
    expect(reports).toEqual([{ type: 'media.playing' }, { type: 'media.time', currentTime: 1.5, duration: 0 }]);
    renderer.destroy();
    const idle = document.createElement('video');
    const none: MediaReport[] = [];
    elementRenderer(idle, input, (event) => none.push(event), () => undefined).destroy();
    expect(none).toEqual([]);
  });
});
