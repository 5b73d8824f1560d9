import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { ACCEPT_ALL, NO_CONSENT, REFUSE_ALL, type Consent } from '../cookie-consent/cookie-consent.rules';
import { videoMachine, type PlayerCommand, type PlayerInput, type PlayerReport, type VideoInput } from './video.machine';
import { FALLBACK_TRIGGER_MS, PLATFORM_B_UNMUTE_VOLUME, START_VOLUME } from './video.rules';

interface Options {
  input?: Partial<VideoInput>;
  mobile?: boolean;
  /** The fake player answers 'ready' at once unless told to stay silent. */
  silent?: boolean;
}

function start({ input = {}, mobile = false, silent = false }: Options = {}) {
  const clock = createTestClock();
  const commands: PlayerCommand[] = [];
  const players: PlayerInput[] = [];
  let report: ((event: PlayerReport) => void) | undefined;
  let stopped = 0;
  let consentAtMount: Consent = NO_CONSENT;
  let publish: ((consent: Consent) => void) | undefined;
  const asks: string[] = [];
  const machine = videoMachine.provide({
    guards: { isMobileDevice: () => mobile },
    actions: {
      askPlatformConsent: ({ context, event }) => {
        if (event.type === 'consent.grant') asks.push(`${context.type}${event.remember ? ' remembered' : ''}`);
      },
      askAllConsent: () => void asks.push('all'),
      focusPlayButton: () => void asks.push('focus play button'),
      focusPlayer: () => void asks.push('focus player'),
    },
    actors: {
      consentSource: fromCallback(({ sendBack }) => {
        sendBack({ type: 'consent.update', consent: consentAtMount });
        publish = (consent) => sendBack({ type: 'consent.update', consent });
      }),
      player: fromCallback<PlayerCommand, PlayerInput>(({ sendBack, receive, input: playerInput }) => {
        players.push(playerInput);
        report = sendBack;
        receive((command) => commands.push(command));
        if (!silent) sendBack({ type: 'player.ready' });
        return () => void stopped++;
      }),
    },
  });
  const actor = createActor(machine, {
    input: { type: 'youtube', videoId: 'aqz-KE-bpKQ', lightbox: false, hasFallbackImage: false, loop: false, muted: false, ...input },
    clock,
  });
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  const mount = (consent: Consent) => {
    consentAtMount = consent;
    actor.send({ type: 'video.mounted' });
  };
  const playerSays = (event: PlayerReport) => {
    if (!report) throw new Error('no player was created');
    report(event);
  };
  const consentSays = (consent: Consent) => {
    if (!publish) throw new Error('nobody listens to the consent channel');
    publish(consent);
  };
  return { actor, clock, commands, players, emitted, asks, mount, playerSays, consentSays, stoppedCount: () => stopped };
}

/** The state inside `mounted`, or 'pending'. */
const state = (actor: ReturnType<typeof start>['actor']) => {
  const value = actor.getSnapshot().value;
  if (typeof value === 'string') return value;
  const inner = value.mounted;
  return typeof inner === 'string' ? inner : Object.keys(inner ?? {})[0];
};
type Snapshot = ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>;
/** Matches a state inside `mounted`, e.g. at(actor, { active: 'loaded' }). */
const at = (actor: ReturnType<typeof start>['actor'], value: object | string) =>
  actor.getSnapshot().matches({ mounted: value } as Parameters<Snapshot['matches']>[0]);

describe('video (§4 Video, §5 consent, §9 constants)', () => {
  it('stays pending until the view has hydrated', () => {
    const { actor } = start();
    expect(state(actor)).toBe('pending');
    actor.send({ type: 'consent.update', consent: ACCEPT_ALL });
    expect(state(actor)).toBe('pending');
  });

  it('without consent a platform video is blocked (the view shows the link) and never creates a player', () => {
    const { actor, players, mount } = start();
    mount(NO_CONSENT);
    expect(state(actor)).toBe('blocked');
    actor.send({ type: 'video.play' });
    expect(state(actor)).toBe('blocked');
    expect(players).toEqual([]);
  });

  it('a consent change unblocks it without a reload; revoking consent removes the player', () => {
    const { actor, mount, players, stoppedCount } = start({ input: { type: 'vimeo', videoId: '76979871' } });
    mount(REFUSE_ALL);
    actor.send({ type: 'consent.update', consent: ACCEPT_ALL });
    expect(state(actor)).toBe('lazy');
    actor.send({ type: 'video.play' });
    expect(at(actor, { active: 'loaded' })).toBe(true);
    expect(players).toEqual([{ type: 'vimeo', videoId: '76979871' }]);
    actor.send({ type: 'consent.update', consent: { ...ACCEPT_ALL, videoEmbeds: false } });
    expect(state(actor)).toBe('blocked');
    expect(stoppedCount()).toBe(1);
  });

  it('a consent change that keeps the video allowed does not interrupt it', () => {
    const { actor, mount, playerSays } = start();
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    playerSays({ type: 'player.playing' });
    actor.send({ type: 'consent.update', consent: ACCEPT_ALL });
    expect(at(actor, { active: { loaded: 'playing' } })).toBe(true);
  });

  it('html5 videos need no consent (lightbox ones included)', () => {
    const { actor, mount } = start({ input: { type: 'html5', videoId: '', lightbox: true } });
    mount(REFUSE_ALL);
    expect(state(actor)).toBe('lazy');
  });

  it('on mobile with the fallback-image setting no player is created', () => {
    const { actor, mount, players } = start({ mobile: true, input: { hasFallbackImage: true } });
    mount(ACCEPT_ALL);
    expect(state(actor)).toBe('noPlayer');
    actor.send({ type: 'video.play' });
    expect(players).toEqual([]);
  });

  it('on mobile without a fallback image the player works as usual', () => {
    const { actor, mount } = start({ mobile: true });
    mount(ACCEPT_ALL);
    expect(state(actor)).toBe('lazy');
  });

  it('on a desktop the fallback-image setting changes nothing: the player works as usual (§1)', () => {
    const { actor, mount } = start({ mobile: false, input: { hasFallbackImage: true } });
    mount(ACCEPT_ALL);
    expect(state(actor)).toBe('lazy');
  });

  it('click to play: lazy until clicked, then loaded at the start volume 0.8, and play is sent', () => {
    const { actor, mount, commands } = start();
    mount(ACCEPT_ALL);
    expect(commands).toEqual([]);
    actor.send({ type: 'video.play' });
    expect(commands).toEqual([{ type: 'volume', volume: START_VOLUME }, { type: 'play' }]);
    expect(START_VOLUME).toBe(0.8);
    expect(at(actor, { active: { loaded: 'paused' } })).toBe(true);
  });

  it('follows the player: playing, paused, and the pause and play commands', () => {
    const { actor, mount, commands, playerSays } = start();
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    playerSays({ type: 'player.playing' });
    expect(at(actor, { active: { loaded: 'playing' } })).toBe(true);
    actor.send({ type: 'video.pause' });
    playerSays({ type: 'player.paused' });
    expect(at(actor, { active: { loaded: 'paused' } })).toBe(true);
    expect(commands.slice(-1)).toEqual([{ type: 'pause' }]);
  });

  it('mute and unmute; platform B comes back at 0.7, the others at 0.8', () => {
    const vimeo = start({ input: { type: 'vimeo' } });
    vimeo.mount(ACCEPT_ALL);
    vimeo.actor.send({ type: 'video.play' });
    vimeo.actor.send({ type: 'video.mute' });
    expect(vimeo.actor.getSnapshot().context.muted).toBe(true);
    vimeo.actor.send({ type: 'video.unmute' });
    expect(vimeo.commands.slice(-2)).toEqual([{ type: 'mute' }, { type: 'unmute', volume: PLATFORM_B_UNMUTE_VOLUME }]);
    expect(PLATFORM_B_UNMUTE_VOLUME).toBe(0.7);

    const youtube = start();
    youtube.mount(ACCEPT_ALL);
    youtube.actor.send({ type: 'video.play' });
    youtube.actor.send({ type: 'video.unmute' });
    expect(youtube.commands.slice(-1)).toEqual([{ type: 'unmute', volume: 0.8 }]);
  });

  it('a muted start sends mute instead of the start volume', () => {
    const { actor, mount, commands } = start({ input: { muted: true } });
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    expect(commands[0]).toEqual({ type: 'mute' });
  });

  it('ended without loop: the ended state and a video.ended event', () => {
    const { actor, mount, playerSays, emitted } = start();
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    playerSays({ type: 'player.playing' });
    playerSays({ type: 'player.ended' });
    expect(at(actor, { active: { loaded: 'ended' } })).toBe(true);
    expect(emitted).toEqual(['video.ended']);
  });

  it('ended with loop: rewinds and plays again, no ended event', () => {
    const { actor, mount, playerSays, emitted, commands } = start();
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    actor.send({ type: 'video.loop', enabled: true });
    playerSays({ type: 'player.playing' });
    playerSays({ type: 'player.ended' });
    expect(at(actor, { active: { loaded: 'playing' } })).toBe(true);
    expect(commands.slice(-2)).toEqual([{ type: 'seek', seconds: 0 }, { type: 'play' }]);
    expect(emitted).toEqual([]);
  });

  it('reset rewinds and pauses; unload removes the player and goes back to lazy, focus on the play button', () => {
    const { actor, mount, playerSays, commands, stoppedCount, asks } = start();
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    playerSays({ type: 'player.playing' });
    actor.send({ type: 'video.reset' });
    expect(at(actor, { active: { loaded: 'paused' } })).toBe(true);
    expect(commands.slice(-2)).toEqual([{ type: 'pause' }, { type: 'seek', seconds: 0 }]);
    expect(asks).toEqual(['focus player']);
    actor.send({ type: 'video.unload' });
    expect(state(actor)).toBe('lazy');
    expect(stoppedCount()).toBe(1);
    expect(asks).toEqual(['focus player', 'focus play button']);
  });

  it('a player that is not ready within 2000 ms falls back, and can be tried again', () => {
    const { actor, mount, clock, stoppedCount } = start({ silent: true });
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    clock.advanceBy(FALLBACK_TRIGGER_MS - 1);
    expect(at(actor, { active: 'loading' })).toBe(true);
    clock.advanceBy(1);
    expect(state(actor)).toBe('fallback');
    expect(stoppedCount()).toBe(1);
    actor.send({ type: 'video.play' });
    expect(at(actor, { active: 'loading' })).toBe(true);
  });

  it('a ready player cancels the fallback timer', () => {
    const { actor, mount, clock } = start();
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    clock.advanceBy(FALLBACK_TRIGGER_MS * 2);
    expect(at(actor, { active: 'loaded' })).toBe(true);
    expect(clock.pending()).toBe(0);
  });

  it('a player that fails before it is ready (a missing file) falls back at once, and can be tried again (issue 31)', () => {
    const { actor, mount, clock, playerSays, emitted } = start({ silent: true });
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    playerSays({ type: 'player.error', code: 5 });
    expect(state(actor)).toBe('fallback');
    expect(actor.getSnapshot().context.errorCode).toBe(5);
    expect(emitted).toEqual(['video.error']);
    expect(clock.pending()).toBe(0);
    actor.send({ type: 'video.play' });
    expect(at(actor, { active: 'loading' })).toBe(true);
  });

  it('a platform error is recorded and emitted, and the video stays where it was (§8: logged only)', () => {
    const { actor, mount, playerSays, emitted } = start();
    mount(ACCEPT_ALL);
    actor.send({ type: 'video.play' });
    playerSays({ type: 'player.error', code: 100 });
    expect(actor.getSnapshot().context.errorCode).toBe(100);
    expect(emitted).toEqual(['video.error']);
    expect(at(actor, { active: 'loaded' })).toBe(true);
  });
});

describe('consent asked in the placeholder (issue 19, §5)', () => {
  const youtubeOnly: Consent = { ...ACCEPT_ALL, videoEmbeds: false, platforms: ['youtube'] };

  it('"Play video" asks for this platform (remembered as the box says) and plays once the page allows it', () => {
    const { actor, asks, players, mount, consentSays } = start();
    mount(NO_CONSENT);
    expect(state(actor)).toBe('blocked');
    actor.send({ type: 'consent.grant', remember: false });
    expect(asks).toEqual(['youtube']);
    expect(state(actor)).toBe('blocked');
    expect(players).toEqual([]);
    consentSays(youtubeOnly);
    expect(at(actor, { active: 'loaded' })).toBe(true);
    expect(players).toEqual([{ type: 'youtube', videoId: 'aqz-KE-bpKQ' }]);
    expect(asks).toEqual(['youtube', 'focus player']);
  });

  it('another video allowed by that answer becomes click-to-play, without playing or taking focus', () => {
    const { actor, asks, players, mount, consentSays } = start();
    mount(NO_CONSENT);
    consentSays(youtubeOnly);
    expect(state(actor)).toBe('lazy');
    expect(players).toEqual([]);
    expect(asks).toEqual([]);
  });

  it('consent to the other platform only leaves it blocked', () => {
    const { actor, mount, consentSays } = start({ input: { type: 'vimeo', videoId: '76979871' } });
    mount(NO_CONSENT);
    actor.send({ type: 'consent.grant', remember: true });
    consentSays(youtubeOnly);
    expect(state(actor)).toBe('blocked');
    consentSays({ ...youtubeOnly, platforms: ['youtube', 'vimeo'] });
    expect(at(actor, { active: 'loaded' })).toBe(true);
  });

  it('"Always allow videos" asks for every platform; allowed, focus goes to the play button and nothing plays', () => {
    const { actor, asks, players, mount, consentSays } = start();
    mount(NO_CONSENT);
    actor.send({ type: 'consent.grant.all' });
    consentSays(ACCEPT_ALL);
    expect(state(actor)).toBe('lazy');
    expect(players).toEqual([]);
    expect(asks).toEqual(['all', 'focus play button']);
  });

  it('withdrawn, a video played from its placeholder is torn down and asks again', () => {
    const { actor, mount, consentSays, stoppedCount } = start();
    mount(NO_CONSENT);
    actor.send({ type: 'consent.grant', remember: true });
    consentSays(youtubeOnly);
    consentSays(REFUSE_ALL);
    expect(state(actor)).toBe('blocked');
    expect(stoppedCount()).toBe(1);
    expect(actor.getSnapshot().context.asked).toBeNull();
  });
});
