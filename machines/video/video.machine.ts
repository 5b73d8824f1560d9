import { and, assign, emit, fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate';
import { NO_CONSENT, videoAllowed, type Consent } from '../cookie-consent/cookie-consent.rules';
import { FALLBACK_TRIGGER_MS, START_VOLUME, unmuteVolume, type VideoKind } from './video.rules';

/**
 * §4 Video: lazy until clicked, then loaded, then playing or paused. Commands play, pause, mute,
 * unmute, loop, reset, unload. The ended event loops or emits `video.ended`. Platform embeds wait
 * for consent (§5), asked in the video's own placeholder (issue 19), and follow every consent change; on mobile with a fallback image no player is
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
  /** Issue 19: "Play video" in the placeholder: consent to this platform (remembered or for this visit), then play. */
  | { type: 'consent.grant'; remember: boolean }
  /** Issue 19: "Always allow videos" in the placeholder. */
  | { type: 'consent.grant.all' }
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
  /** What the visitor asked for in this video's placeholder, until consent answers: play it, or allow every video. */
  asked: 'play' | 'allow' | null;
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
    markPlayAsked: assign({ asked: 'play' as const }),
    markAllowAsked: assign({ asked: 'allow' as const }),
    clearAsked: assign({ asked: null }),
    /** Adapter: ask the page for consent to this video's platform, remembered or not as the event says (runtime/consent.ts). */
    askPlatformConsent: () => undefined,
    /** Adapter: ask the page to allow every video platform (runtime/consent.ts). */
    askAllConsent: () => undefined,
    /** Adapter: the placeholder's buttons go away, so focus moves to this video's play button. */
    focusPlayButton: () => undefined,
    emitEnded: emit({ type: 'video.ended' } as const),
    emitError: emit(({ event }) => ({ type: 'video.error' as const, code: event.type === 'player.error' ? event.code : 0 })),
  },
  guards: {
    isAllowed: ({ context }) => videoAllowed(context, context.consent),
    playWasAsked: ({ context }) => context.asked === 'play',
    allowWasAsked: ({ context }) => context.asked === 'allow',
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
  context: ({ input }) => ({ ...input, consent: NO_CONSENT, volume: START_VOLUME, errorCode: null, asked: null }),
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
            // Issue 19: allowed from this video's placeholder: "Play video" plays it at once.
            { guard: and(['isAllowed', 'playWasAsked']), target: 'active', actions: 'clearAsked' },
            { guard: and(['isAllowed', 'allowWasAsked']), target: 'lazy', actions: ['clearAsked', 'focusPlayButton'] },
            { guard: 'isAllowed', target: 'lazy' },
            { target: 'blocked' },
          ],
        },
        /**
         * §5, issue 19: nothing of the platform loads; the placeholder shows the poster, what would
         * load and from whom, the link to the original address, and asks for consent in place.
         */
        blocked: {
          on: {
            'consent.grant': { actions: ['markPlayAsked', 'askPlatformConsent'] },
            'consent.grant.all': { actions: ['markAllowAsked', 'askAllConsent'] },
          },
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
            // The player and its "Close player" go away: focus returns to the play button that comes back.
            'video.unload': { target: 'lazy', actions: 'focusPlayButton' },
            'player.error': { actions: ['recordError', 'emitError'] },
            'video.mute': { actions: ['markMuted', 'sendMute'] },
            'video.unmute': { actions: ['markUnmuted', 'sendUnmute'] },
            'video.loop': { actions: 'setLoop' },
          },
          initial: 'loading',
          states: {
            loading: {
              on: {
                'player.ready': { target: 'loaded', actions: ['sendStartVolume', 'sendPlay'] },
                // Issue 31: a player that fails before it is ready (a self-hosted file answering 404)
                // did not load: the notice and its retry at once, not a dead frame. Once loaded, a
                // player error is logged only (§8).
                'player.error': { target: '#video.mounted.fallback', actions: ['recordError', 'emitError'] },
              },
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
        /** §9: the player was not ready within 2000 ms (or failed before it was); the link (or download) stands in, and a retry is offered. */
        fallback: {
          on: { 'video.play': 'active' },
        },
      },
    },
  },
});

export type VideoActorRef = ActorRefFrom<typeof videoMachine>;