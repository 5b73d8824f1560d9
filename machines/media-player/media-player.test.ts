import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { ACCEPT_ALL, NO_CONSENT, REFUSE_ALL, type Consent } from '../cookie-consent/cookie-consent.rules';
import { mediaPlayerMachine, type MediaActorInput, type MediaCommand, type MediaReport } from './media-player.machine';
import { TIME_UPDATE_MS, VIDEO_SITE_UNAVAILABLE, type MediaSource } from './media-player.rules';

const VIDEO_SITE: MediaSource[] = [{ src: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }];
const EMBEDS_OFF: Consent = { ...ACCEPT_ALL, videoEmbeds: false };

/** A media player whose renderer and consent channel are fakes: `consentSays` publishes on the channel. */
function start(sources: MediaSource[] = [{ src: '/media/harbour.webm' }, { src: '/media/harbour.mp4' }], stored: Consent = NO_CONSENT) {
  const clock = createTestClock();
  const commands: MediaCommand[] = [];
  const renderers: MediaActorInput[] = [];
  let report: ((event: MediaReport) => void) | undefined;
  let publish: ((consent: Consent) => void) | undefined;
  let mediaTime = 0;
  let live = 0;
  const asks: string[] = [];
  const machine = mediaPlayerMachine.provide({
    actions: {
      askPlatformConsent: ({ event }) => {
        if (event.type === 'consent.grant') asks.push(`youtube${event.remember ? ' remembered' : ''}`);
      },
      askAllConsent: () => void asks.push('all'),
      focusControls: () => void asks.push('focus'),
    },
    actors: {
      consentSource: fromCallback(({ sendBack }) => {
        sendBack({ type: 'consent.update', consent: stored });
        publish = (consent) => sendBack({ type: 'consent.update', consent });
        return () => void (publish = undefined);
      }),
      media: fromCallback<MediaCommand, MediaActorInput>(({ sendBack, receive, input }) => {
        renderers.push(input);
        report = sendBack;
        live++;
        receive((command) => {
          commands.push(command);
          if (command.type === 'time.read') sendBack({ type: 'media.time', currentTime: mediaTime, duration: 6 });
        });
        return () => void live--;
      }),
    },
  });
  const actor = createActor(machine, { input: { sources }, clock });
  const timeUpdates: number[] = [];
  actor.on('media.timeupdate', (event) => timeUpdates.push(event.currentTime));
  actor.start();
  const mediaSays = (event: MediaReport) => {
    if (!report) throw new Error('no renderer was created');
    report(event);
  };
  const consentSays = (consent: Consent) => {
    if (!publish) throw new Error('nobody listens to the consent channel');
    publish(consent);
  };
  return {
    actor,
    clock,
    commands,
    renderers,
    timeUpdates,
    mediaSays,
    consentSays,
    setMediaTime: (t: number) => void (mediaTime = t),
    liveRenderers: () => live,
    asks,
  };
}

describe('embedded media player (§4, §8, §9)', () => {
  it('after hydration the first playable source picks the native renderer', () => {
    const { actor, renderers } = start();
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'player.mounted' });
    expect(renderers).toEqual([{ renderer: 'native', source: { src: '/media/harbour.webm' }, attempt: 0 }]);
    expect(actor.getSnapshot().matches({ mounted: { ready: 'paused' } })).toBe(true);
  });

  it('an HLS playlist goes to the streaming renderer', () => {
    const { actor, renderers } = start([{ src: '/media/hls/harbour.m3u8' }]);
    actor.send({ type: 'player.mounted' });
    expect(renderers[0]?.renderer).toBe('hls');
  });

  it('with only flv sources there is no player, only the download-file link', () => {
    const { actor, renderers } = start([{ src: '/media/old.flv' }]);
    actor.send({ type: 'player.mounted' });
    expect(actor.getSnapshot().value).toBe('download');
    expect(renderers).toEqual([]);
  });

  it('emits a time update every 250 ms while playing, and none while paused', () => {
    const { actor, clock, mediaSays, timeUpdates, setMediaTime } = start();
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.toggle' });
    mediaSays({ type: 'media.playing' });
    setMediaTime(1);
    clock.advanceBy(TIME_UPDATE_MS - 1);
    expect(timeUpdates).toEqual([]);
    clock.advanceBy(1);
    expect(timeUpdates).toHaveLength(1);
    clock.advanceBy(TIME_UPDATE_MS * 3);
    expect(timeUpdates).toHaveLength(4);
    expect(actor.getSnapshot().context.currentTime).toBe(1);
    mediaSays({ type: 'media.paused' });
    clock.advanceBy(TIME_UPDATE_MS * 4);
    expect(timeUpdates).toHaveLength(4);
    expect(clock.pending()).toBe(0);
  });

  it('toggle plays when paused or ended, pauses when playing', () => {
    const { actor, commands, mediaSays } = start();
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.toggle' });
    mediaSays({ type: 'media.playing' });
    actor.send({ type: 'player.toggle' });
    mediaSays({ type: 'media.ended' });
    expect(actor.getSnapshot().matches({ mounted: { ready: 'ended' } })).toBe(true);
    actor.send({ type: 'player.toggle' });
    expect(commands.filter((c) => c.type !== 'time.read')).toEqual([{ type: 'play' }, { type: 'pause' }, { type: 'play' }]);
  });

  it('play and pause commands reach the renderer whatever the player shows (issue 50: events no machine test sent)', () => {
    const { actor, commands, mediaSays } = start();
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.play' });
    mediaSays({ type: 'media.playing' });
    actor.send({ type: 'player.pause' });
    expect(commands.filter((c) => c.type !== 'time.read')).toEqual([{ type: 'play' }, { type: 'pause' }]);
    expect(actor.getSnapshot().matches({ mounted: { ready: 'playing' } })).toBe(true);
  });

  it('seeks by 5 s with the arrow keys, within 0 and the duration', () => {
    const { actor, commands, mediaSays } = start();
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.loaded', duration: 6 });
    actor.send({ type: 'player.step', direction: -1 });
    actor.send({ type: 'player.step', direction: 1 });
    actor.send({ type: 'player.seek', seconds: 60 });
    expect(commands).toEqual([
      { type: 'seek', seconds: 0 },
      { type: 'seek', seconds: 5 },
      { type: 'seek', seconds: 6 },
    ]);
  });

  it('mute toggles and volume changes reach the renderer', () => {
    const { actor, commands } = start();
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.mute.toggle' });
    actor.send({ type: 'player.volume', volume: 0.4 });
    expect(commands).toEqual([
      { type: 'volume', volume: 1, muted: true },
      { type: 'volume', volume: 0.4, muted: false },
    ]);
  });

  it("shows a video-site error as 'Code N: message'", () => {
    const { actor, mediaSays } = start(VIDEO_SITE, ACCEPT_ALL);
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.error', code: 101, message: 'embed refused' });
    expect(actor.getSnapshot().value).toEqual({ mounted: 'failed' });
    expect(actor.getSnapshot().context.error).toBe('Code 101: the owner does not allow playing in embedded players');
  });

  it('a native error carries its message and the list of URLs', () => {
    const { actor, mediaSays } = start();
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.error', message: 'The media could not be loaded.' });
    expect(actor.getSnapshot().context.error).toBe('The media could not be loaded. (/media/harbour.webm, /media/harbour.mp4)');
  });

  it('§8 error: the generated error event carries the message and the URLs; Retry starts a fresh renderer that fetches again (issue 31)', () => {
    const { actor, mediaSays, renderers, liveRenderers, asks } = start();
    const errors: unknown[] = [];
    actor.on('media.error', (event) => errors.push(event));
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.error', message: 'The media could not be played.' });
    expect(errors).toEqual([{ type: 'media.error', message: 'The media could not be played. (/media/harbour.webm, /media/harbour.mp4)', urls: ['/media/harbour.webm', '/media/harbour.mp4'] }]);
    expect(liveRenderers()).toBe(0);
    actor.send({ type: 'player.retry' });
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(renderers.map((r) => r.attempt)).toEqual([0, 1]);
    expect(liveRenderers()).toBe(1);
    expect(asks).toEqual(['focus']);
    mediaSays({ type: 'media.error', message: 'The media could not be played.' });
    actor.send({ type: 'player.retry' });
    expect(renderers.map((r) => r.attempt)).toEqual([0, 1, 2]);
  });
});

describe('the video-site renderer follows consent without a reload (§5)', () => {
  it('without consent it is blocked and no renderer is created, so nothing reaches the platform', () => {
    const { actor, renderers, clock } = start(VIDEO_SITE, REFUSE_ALL);
    actor.send({ type: 'player.mounted' });
    expect(actor.getSnapshot().value).toEqual({ mounted: 'blocked' });
    actor.send({ type: 'player.toggle' });
    actor.send({ type: 'player.play' });
    clock.advanceBy(10_000);
    expect(renderers).toEqual([]);
  });

  it('each of the three conditions alone keeps it blocked: no answer, refused, video embeds disabled', () => {
    for (const consent of [NO_CONSENT, REFUSE_ALL, EMBEDS_OFF, { ...ACCEPT_ALL, essential: false }]) {
      const { actor, renderers } = start(VIDEO_SITE, consent);
      actor.send({ type: 'player.mounted' });
      expect(actor.getSnapshot().value).toEqual({ mounted: 'blocked' });
      expect(renderers).toEqual([]);
    }
  });

  it('with consent already given it is playable at once', () => {
    const { actor, renderers } = start(VIDEO_SITE, ACCEPT_ALL);
    actor.send({ type: 'player.mounted' });
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
    expect(renderers).toEqual([{ renderer: 'video-site', source: VIDEO_SITE[0], attempt: 0 }]);
  });

  it('consent granted after load starts the renderer; the player plays', () => {
    const { actor, renderers, commands, consentSays, mediaSays } = start(VIDEO_SITE, REFUSE_ALL);
    actor.send({ type: 'player.mounted' });
    consentSays(ACCEPT_ALL);
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
    expect(renderers).toHaveLength(1);
    actor.send({ type: 'player.toggle' });
    expect(commands).toEqual([{ type: 'play' }]);
    mediaSays({ type: 'media.playing' });
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'playing' } });
  });

  it('consent withdrawn while playing stops the renderer and its timer, and the notice returns', () => {
    const { actor, clock, consentSays, mediaSays, setMediaTime, timeUpdates, liveRenderers } = start(VIDEO_SITE, ACCEPT_ALL);
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.toggle' });
    mediaSays({ type: 'media.loaded', duration: 60 });
    setMediaTime(2);
    mediaSays({ type: 'media.playing' });
    clock.advanceBy(TIME_UPDATE_MS);
    expect(timeUpdates).toEqual([2]);
    expect(liveRenderers()).toBe(1);

    consentSays(EMBEDS_OFF);
    expect(actor.getSnapshot().value).toEqual({ mounted: 'blocked' });
    expect(liveRenderers()).toBe(0);
    expect(clock.pending()).toBe(0);
    // The next player starts from the beginning, not where the torn-down one stopped.
    expect(actor.getSnapshot().context).toMatchObject({ currentTime: 0, duration: 0, error: null });
    clock.advanceBy(TIME_UPDATE_MS * 4);
    expect(timeUpdates).toEqual([2]);
  });

  it('granted, withdrawn, granted again: a fresh renderer each time consent allows it', () => {
    const { actor, renderers, consentSays, liveRenderers } = start(VIDEO_SITE);
    actor.send({ type: 'player.mounted' });
    consentSays(ACCEPT_ALL);
    consentSays(REFUSE_ALL);
    consentSays(ACCEPT_ALL);
    expect(renderers).toHaveLength(2);
    expect(liveRenderers()).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
  });

  it('a consent change that keeps the same answer restarts nothing', () => {
    const { actor, renderers, consentSays, mediaSays } = start(VIDEO_SITE, ACCEPT_ALL);
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.playing' });
    consentSays({ ...ACCEPT_ALL });
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'playing' } });
    expect(renderers).toHaveLength(1);
  });

  it('a platform error clears when consent is withdrawn and the player is offered again after consent', () => {
    const { actor, consentSays, mediaSays } = start(VIDEO_SITE, ACCEPT_ALL);
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.error', code: 150, message: 'embed refused' });
    expect(actor.getSnapshot().value).toEqual({ mounted: 'failed' });
    consentSays(REFUSE_ALL);
    expect(actor.getSnapshot().value).toEqual({ mounted: 'blocked' });
    expect(actor.getSnapshot().context.error).toBeNull();
    consentSays(ACCEPT_ALL);
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
  });

  it("the platform's player script failing to load (blocked, offline) fails the player with the message and the address; nothing is left running", () => {
    const { actor, clock, commands, mediaSays, liveRenderers, timeUpdates } = start(VIDEO_SITE, ACCEPT_ALL);
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.toggle' });
    mediaSays({ type: 'media.error', message: VIDEO_SITE_UNAVAILABLE });
    expect(actor.getSnapshot().value).toEqual({ mounted: 'failed' });
    expect(actor.getSnapshot().context.error).toBe('The video site player could not be loaded. (https://www.youtube.com/watch?v=aqz-KE-bpKQ)');
    expect(liveRenderers()).toBe(0);
    // Failed stays failed: play asks no renderer and no time runs.
    actor.send({ type: 'player.toggle' });
    clock.advanceBy(TIME_UPDATE_MS * 4);
    expect(commands).toEqual([{ type: 'play' }]);
    expect(timeUpdates).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it('issue 19: "Play video" in the placeholder asks for the platform, then plays once it is allowed, focus on the controls', () => {
    const { actor, asks, commands, consentSays, renderers } = start(VIDEO_SITE);
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'consent.grant', remember: true });
    expect(asks).toEqual(['youtube remembered']);
    // Asking decides nothing: the page's consent answers on the channel.
    expect(actor.getSnapshot().value).toEqual({ mounted: 'blocked' });
    expect(renderers).toEqual([]);
    consentSays({ ...NO_CONSENT, given: true, videoEmbeds: false, platforms: ['youtube'] });
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
    expect(commands).toEqual([{ type: 'play' }]);
    expect(asks).toEqual(['youtube remembered', 'focus']);
    expect(actor.getSnapshot().context.asked).toBeNull();
  });

  it('issue 19: "Always allow videos" asks for every platform; allowed, the player waits for play', () => {
    const { actor, asks, commands, consentSays } = start(VIDEO_SITE);
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'consent.grant.all' });
    consentSays(ACCEPT_ALL);
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'paused' } });
    expect(commands).toEqual([]);
    expect(asks).toEqual(['all', 'focus']);
  });

  it('issue 19: consent to the other platform only leaves the video-site player blocked', () => {
    const { actor, consentSays, renderers } = start(VIDEO_SITE);
    actor.send({ type: 'player.mounted' });
    consentSays({ ...NO_CONSENT, given: true, videoEmbeds: false, platforms: ['vimeo'] });
    expect(actor.getSnapshot().value).toEqual({ mounted: 'blocked' });
    expect(renderers).toEqual([]);
  });

  it('self-hosted media need no consent: a refusal or a withdrawal never stops them', () => {
    const { actor, renderers, consentSays, mediaSays } = start(undefined, REFUSE_ALL);
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.playing' });
    consentSays(ACCEPT_ALL);
    consentSays(EMBEDS_OFF);
    expect(actor.getSnapshot().value).toEqual({ mounted: { ready: 'playing' } });
    expect(renderers).toHaveLength(1);
  });
});
