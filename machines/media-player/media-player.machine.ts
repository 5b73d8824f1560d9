import { assign, emit, fromCallback, sendTo, setup } from 'xstate';
import { NO_CONSENT, type Consent } from '../cookie-consent/cookie-consent.rules';
import { SEEK_STEP_SECONDS, TIME_UPDATE_MS, mediaErrorText, pickSource, rendererAllowed, videoSiteErrorText, type MediaSource, type Renderer } from './media-player.rules';

/**
 * §4 Embedded media player (audio and video). After hydration the first playable source picks the
 * renderer (native element, HLS streaming, the video-site renderer); with none, the download-file
 * link (§8). While playing it asks the renderer for the time every 250 ms and emits a time update.
 * The renderer is the invoked `media` actor the widget provides; it reports `media.*` events.
 * The video-site renderer contacts a platform, so it waits for consent (§5) and follows every
 * consent change without a reload: granted, the player becomes playable; withdrawn, the renderer
 * is stopped (its embed torn down) and the no-consent notice returns.
 */
export interface MediaPlayerInput {
  sources: MediaSource[];
}

export type MediaCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; seconds: number }
  | { type: 'volume'; volume: number; muted: boolean }
  | { type: 'time.read' };

export interface MediaActorInput {
  renderer: Renderer;
  source: MediaSource;
  /** 0 on the first start; each Retry after a §8 error counts one, so the renderer fetches the files again. */
  attempt: number;
}

export type MediaReport =
  | { type: 'media.loaded'; duration: number }
  | { type: 'media.playing' }
  | { type: 'media.paused' }
  | { type: 'media.ended' }
  | { type: 'media.progress' }
  | { type: 'media.time'; currentTime: number; duration: number }
  | { type: 'media.error'; code?: number; message: string };

export type MediaPlayerEvent =
  | { type: 'player.mounted' }
  | { type: 'consent.update'; consent: Consent }
  /** Issue 19: "Play video" in the placeholder: consent to the platform (remembered or for this visit), then play. */
  | { type: 'consent.grant'; remember: boolean }
  /** Issue 19: "Always allow videos" in the placeholder. */
  | { type: 'consent.grant.all' }
  | { type: 'player.toggle' }
  | { type: 'player.play' }
  | { type: 'player.pause' }
  | { type: 'player.seek'; seconds: number }
  | { type: 'player.step'; direction: 1 | -1 }
  | { type: 'player.mute.toggle' }
  | { type: 'player.volume'; volume: number }
  /** Issue 31: "Try again" after a §8 error. */
  | { type: 'player.retry' }
  | MediaReport;

export interface MediaPlayerContext {
  sources: MediaSource[];
  renderer: Renderer;
  source: MediaSource | null;
  /** The visitor's answer on the page's consent channel (§5); nobody has answered until it speaks. */
  consent: Consent;
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  /** Shown to the visitor: 'Code N: message' for the video site, the message and URLs otherwise. */
  error: string | null;
  /** What the visitor asked for in the placeholder, until consent answers: play it, or allow every video. */
  asked: 'play' | 'allow' | null;
  /** How many times the visitor retried after an error (the renderer's input). */
  attempt: number;
}

const clampTime = (context: MediaPlayerContext, seconds: number) => Math.min(Math.max(0, seconds), context.duration || seconds);

export const mediaPlayerMachine = setup({
  types: {} as {
    context: MediaPlayerContext;
    input: MediaPlayerInput;
    events: MediaPlayerEvent;
    emitted: { type: 'media.timeupdate'; currentTime: number } | { type: 'media.error'; message: string; urls: string[] };
  },
  actors: {
    /** Replaced by the widget with the page's consent channel; by default nobody has consented. */
    consentSource: fromCallback(({ sendBack }) => sendBack({ type: 'consent.update', consent: NO_CONSENT })),
    /** Replaced by the widget; the default renderer never answers. */
    media: fromCallback<MediaCommand, MediaActorInput>(() => undefined),
  },
  actions: {
    readConsent: assign(({ event }) => (event.type === 'consent.update' ? { consent: event.consent } : {})),
    /** A renderer stopped or started by consent begins again: no time, no duration, no old error. */
    resetPlayback: assign({ currentTime: 0, duration: 0, error: null }),
    countAttempt: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    markPlayAsked: assign({ asked: 'play' as const }),
    markAllowAsked: assign({ asked: 'allow' as const }),
    clearAsked: assign({ asked: null }),
    /** Adapter: ask the page for consent to the video site, remembered or not as the event says (runtime/consent.ts). */
    askPlatformConsent: () => undefined,
    /** Adapter: ask the page to allow every video platform (runtime/consent.ts). */
    askAllConsent: () => undefined,
    /** Adapter: the placeholder's buttons go away, so focus moves to the player's play button. */
    focusControls: () => undefined,
    sendPlay: sendTo('media', { type: 'play' } satisfies MediaCommand),
    sendPause: sendTo('media', { type: 'pause' } satisfies MediaCommand),
    sendSeek: sendTo('media', ({ context, event }): MediaCommand => ({
      type: 'seek',
      seconds: clampTime(context, event.type === 'player.seek' ? event.seconds : context.currentTime + (event.type === 'player.step' ? event.direction * SEEK_STEP_SECONDS : 0)),
    })),
    sendVolume: sendTo('media', ({ context }): MediaCommand => ({ type: 'volume', volume: context.volume, muted: context.muted })),
    requestTime: sendTo('media', { type: 'time.read' } satisfies MediaCommand),
    toggleMute: assign(({ context }) => ({ muted: !context.muted })),
    setVolume: assign(({ event }) => (event.type === 'player.volume' ? { volume: Math.min(1, Math.max(0, event.volume)), muted: event.volume === 0 } : {})),
    readDuration: assign(({ event }) => (event.type === 'media.loaded' ? { duration: event.duration } : {})),
    readTime: assign(({ event }) => (event.type === 'media.time' ? { currentTime: event.currentTime, duration: event.duration || 0 } : {})),
    emitTimeUpdate: emit(({ context }) => ({ type: 'media.timeupdate' as const, currentTime: context.currentTime })),
    /** §8: the generated error event, with the message and the list of URLs tried. */
    emitError: emit(({ context }) => ({ type: 'media.error' as const, message: context.error ?? '', urls: context.sources.map((s) => s.src) })),
    readError: assign(({ context, event }) => {
      if (event.type !== 'media.error') return {};
      const urls = context.sources.map((s) => s.src);
      return { error: context.renderer === 'video-site' && event.code !== undefined ? videoSiteErrorText(event.code) : mediaErrorText(event.message, urls) };
    }),
  },
  guards: {
    hasNoPlayableSource: ({ context }) => context.renderer === 'download' || context.source === null,
    isAllowed: ({ context }) => rendererAllowed(context.renderer, context.consent),
    playWasAsked: ({ context }) => context.asked === 'play',
    allowWasAsked: ({ context }) => context.asked === 'allow',
    allowanceChanges: ({ context, event }) =>
      event.type === 'consent.update' && rendererAllowed(context.renderer, event.consent) !== rendererAllowed(context.renderer, context.consent),
  },
  delays: {
    timeUpdateInterval: TIME_UPDATE_MS,
  },
}).createMachine({
  id: 'mediaPlayer',
  context: ({ input }) => ({
    sources: input.sources,
    ...pickSource(input.sources),
    consent: NO_CONSENT,
    currentTime: 0,
    duration: 0,
    volume: 1,
    muted: false,
    error: null,
    asked: null,
    attempt: 0,
  }),
  initial: 'pending',
  states: {
    /** Prerendered: the element with its sources and the download link. */
    pending: {
      on: { 'player.mounted': [{ guard: 'hasNoPlayableSource', target: 'download' }, { target: 'mounted' }] },
    },
    /** §8: no renderer can play it; the download-file link stands in. */
    download: {},
    mounted: {
      invoke: { id: 'consent', src: 'consentSource' },
      on: {
        'consent.update': [{ guard: 'allowanceChanges', actions: ['readConsent', 'resetPlayback'], target: '.deciding' }, { actions: 'readConsent' }],
      },
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'isAllowed', target: 'ready' }, { target: 'blocked' }],
        },
        /**
         * §5, issue 19: a video-site source without consent: the placeholder (poster, what would load
         * and from whom, the link to the original) asks in place; nothing is requested.
         */
        blocked: {
          on: {
            'consent.grant': { actions: ['markPlayAsked', 'askPlatformConsent'] },
            'consent.grant.all': { actions: ['markAllowAsked', 'askAllConsent'] },
          },
        },
        ready: {
          invoke: {
            id: 'media',
            src: 'media',
            input: ({ context }) => ({ renderer: context.renderer, source: context.source ?? { src: '' }, attempt: context.attempt }),
          },
          on: {
            'player.play': { actions: 'sendPlay' },
            'player.pause': { actions: 'sendPause' },
            'player.seek': { actions: 'sendSeek' },
            'player.step': { actions: 'sendSeek' },
            'player.mute.toggle': { actions: ['toggleMute', 'sendVolume'] },
            'player.volume': { actions: ['setVolume', 'sendVolume'] },
            'media.loaded': { actions: 'readDuration' },
            'media.time': { actions: 'readTime' },
            'media.playing': '.playing',
            'media.paused': '.paused',
            'media.ended': '.ended',
            'media.error': { target: 'failed', actions: ['readError', 'emitError'] },
          },
          initial: 'starting',
          states: {
            /** Issue 19: allowed from this player's placeholder: "Play video" plays at once; either way focus moves to the controls. */
            starting: {
              always: [
                { guard: 'playWasAsked', target: 'paused', actions: ['clearAsked', 'sendPlay', 'focusControls'] },
                { guard: 'allowWasAsked', target: 'paused', actions: ['clearAsked', 'focusControls'] },
                { target: 'paused' },
              ],
            },
            paused: { on: { 'player.toggle': { actions: 'sendPlay' } } },
            ended: { on: { 'player.toggle': { actions: 'sendPlay' } } },
            playing: {
              on: { 'player.toggle': { actions: 'sendPause' }, 'media.progress': {} },
              entry: 'requestTime',
              after: { timeUpdateInterval: { target: 'playing', reenter: true, actions: 'emitTimeUpdate' } },
            },
          },
        },
        /**
         * §8: the error is shown (role alert) with the download link; issue 31: and a Retry, which
         * starts the renderer again (a file that answered 404 may be there now).
         */
        failed: {
          on: { 'player.retry': { target: 'ready', actions: ['resetPlayback', 'countAttempt', 'focusControls'] } },
        },
      },
    },
  },
});
