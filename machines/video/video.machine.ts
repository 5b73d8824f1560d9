import { and, assign, emit, fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate';
import { NO_CONSENT, videoAllowed, type Consent } from '../cookie-consent/cookie-consent.rules';
import { FALLBACK_TRIGGER_MS, START_VOLUME, unmuteVolume, type VideoKind } from './video.rules';

/**
 * §4 Video: lazy until clicked, then loaded, then playing or paused. Commands play, pause, mute,
 * unmute, loop, reset, unload. The ended event loops or emits `video.ended`. Platform embeds wait
 * for consent (§5) and follow every consent change; on mobile with a fallback image no player is
 * created. The player itself (html5 element, platform A's iframe API, platform B's postMessage
 * bridge) is the invoked `player` actor, provided by the widget; it takes commands and reports
 * `player.*` events back.
 */
export interface VideoInput {
  type: VideoKind;
  videoId: string;
  /** In a lightbox (§5: lightbox html5 videos are always allowed). */
  lightbox: boolean;
  /** The fallback-image setting: on mobile it replaces the player. */
  hasFallbackImage: boolean;
  loop: boolean;
  muted: boolean;
}

export type PlayerCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'volume'; volume: number }
  | { type: 'mute' }
  | { type: 'unmute'; volume: number }
  | { type: 'seek'; seconds: number };

export interface PlayerInput {
  type: VideoKind;
  videoId: string;
}

export type PlayerReport =
  | { type: 'player.ready' }
  | { type: 'player.playing' }
  | { type: 'player.paused' }
  | { type: 'player.ended' }
  | { type: 'player.error'; code: number };

export type VideoEvent =
  | { type: 'video.mounted' }
  | { type: 'consent.settings' }
  | { type: 'consent.update'; consent: Consent }
  | { type: 'video.play' }
  | { type: 'video.pause' }
  | { type: 'video.mute' }
  | { type: 'video.unmute' }
  | { type: 'video.loop'; enabled: boolean }
  | { type: 'video.reset' }
  | { type: 'video.unload' }
  | PlayerReport;

export interface VideoContext extends Omit<VideoInput, 'muted'> {
  consent: Consent;
  muted: boolean;
  volume: number;
  /** The last platform error code (§8: platform A errors are logged only). */
  errorCode: number | null;
}

export const videoMachine = setup({
  types: {} as {
    context: VideoContext;
    input: VideoInput;
    events: VideoEvent;
    emitted: { type: 'video.ended' } | { type: 'video.error'; code: number };
  },
  actors: {
    /** Replaced by the widget with the page's consent channel; by default nobody has consented. */
    consentSource: fromCallback(({ sendBack }) => sendBack({ type: 'consent.update', consent: NO_CONSENT })),
    /** Replaced by the widget; the default player never answers. */
    player: fromCallback<PlayerCommand, PlayerInput>(() => undefined),
  },
  actions: {
    readConsent: assign(({ event }) => ('consent' in event ? { consent: event.consent } : {})),
    sendPlay: sendTo('player', { type: 'play' } satisfies PlayerCommand),
    sendPause: sendTo('player', { type: 'pause' } satisfies PlayerCommand),
    sendStartVolume: sendTo('player', ({ context }): PlayerCommand => (context.muted ? { type: 'mute' } : { type: 'volume', volume: context.volume })),
    sendMute: sendTo('player', { type: 'mute' } satisfies PlayerCommand),
    sendUnmute: sendTo('player', ({ context }): PlayerCommand => ({ type: 'unmute', volume: context.volume })),
    sendRewind: sendTo('player', { type: 'seek', seconds: 0 } satisfies PlayerCommand),
    markMuted: assign({ muted: true }),
    markUnmuted: assign(({ context }) => ({ muted: false, volume: unmuteVolume(context.type) })),
    setLoop: assign(({ event }) => (event.type === 'video.loop' ? { loop: event.enabled } : {})),
    recordError: assign(({ event }) => (event.type === 'player.error' ? { errorCode: event.code } : {})),
    /** Adapter: the play button goes away, so focus moves to the player. */
    focusPlayer: () => undefined,
    /** Adapter: ask the page's consent dialog to open (runtime/consent.ts). */
    openConsentSettings: () => undefined,
    emitEnded: emit({ type: 'video.ended' } as const),
    emitError: emit(({ event }) => ({ type: 'video.error' as const, code: event.type === 'player.error' ? event.code : 0 })),
  },
  guards: {
    isAllowed: ({ context }) => videoAllowed(context, context.consent),
    /** Replaced by the widget with the page's mobile flag (§1). */
    isMobileDevice: () => false,
    allowanceChanges: ({ context, event }) =>
      event.type === 'consent.update' && videoAllowed(context, event.consent) !== videoAllowed(context, context.consent),
    hasFallbackImage: ({ context }) => context.hasFallbackImage,
    isLooping: ({ context }) => context.loop,
  },
  delays: {
    fallbackTrigger: FALLBACK_TRIGGER_MS,
  },
}).createMachine({
  id: 'video',
  context: ({ input }) => ({ ...input, consent: NO_CONSENT, volume: START_VOLUME, errorCode: null }),
  initial: 'pending',
  states: {
    /** The prerendered state: until the view has hydrated, nothing decides (and nothing loads). */
    pending: {
      on: { 'video.mounted': 'mounted' },
    },
    mounted: {
      invoke: { id: 'consent', src: 'consentSource' },
      on: {
        'consent.update': [{ guard: 'allowanceChanges', actions: 'readConsent', target: '.deciding' }, { actions: 'readConsent' }],
      },
      initial: 'waiting',
      states: {
        /** Until the consent channel has said what the visitor chose. */
        waiting: {
          on: { 'consent.update': { actions: 'readConsent', target: 'deciding' } },
        },
        deciding: {
          always: [
            { guard: and(['isMobileDevice', 'hasFallbackImage']), target: 'noPlayer' },
            { guard: 'isAllowed', target: 'lazy' },
            { target: 'blocked' },
          ],
        },
        /** §5: the embed is replaced by a link to the original address. */
        blocked: {
          on: { 'consent.settings': { actions: 'openConsentSettings' } },
        },
        /** §4: on mobile with the fallback image, no player at all. */
        noPlayer: {},
        /** Nothing loaded yet: a poster and a play button (click to play). */
        lazy: {
          on: { 'video.play': 'active' },
        },
        active: {
          invoke: { id: 'player', src: 'player', input: ({ context }) => ({ type: context.type, videoId: context.videoId }) },
          entry: 'focusPlayer',
          on: {
            'video.unload': 'lazy',
            'player.error': { actions: ['recordError', 'emitError'] },
            'video.mute': { actions: ['markMuted', 'sendMute'] },
            'video.unmute': { actions: ['markUnmuted', 'sendUnmute'] },
            'video.loop': { actions: 'setLoop' },
          },
          initial: 'loading',
          states: {
            loading: {
              on: { 'player.ready': { target: 'loaded', actions: ['sendStartVolume', 'sendPlay'] } },
              after: { fallbackTrigger: '#video.mounted.fallback' },
            },
            loaded: {
              initial: 'paused',
              on: {
                'player.playing': '.playing',
                'player.paused': '.paused',
                'player.ended': [
                  { guard: 'isLooping', target: '.playing', actions: ['sendRewind', 'sendPlay'] },
                  { target: '.ended', actions: 'emitEnded' },
                ],
                'video.play': { actions: 'sendPlay' },
                'video.pause': { actions: 'sendPause' },
                'video.reset': { target: '.paused', actions: ['sendPause', 'sendRewind'] },
              },
              states: {
                paused: {},
                playing: {},
                ended: {},
              },
            },
          },
        },
        /** §9: the player was not ready within 2000 ms; the link (or download) stands in, and a retry is offered. */
        fallback: {
          on: { 'video.play': 'active' },
        },
      },
    },
  },
});

export type VideoActorRef = ActorRefFrom<typeof videoMachine>;