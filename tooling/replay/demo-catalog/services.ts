import { fromCallback, fromPromise } from 'xstate';
import type { FormAnswer, FormRequest } from '../../../machines/ajax-form/ajax-form.machine';
import type { SearchRequest } from '../../../machines/ajax-search/ajax-search.machine';
import type { SearchResults } from '../../../machines/ajax-search/ajax-search.rules';
import { cookieConsentMachine } from '../../../machines/cookie-consent/cookie-consent.machine';
import { problemReportMachine, type ReportAnswer } from '../../../machines/problem-report/problem-report.machine';
import { ACCEPT_ALL, NO_CONSENT, REFUSE_ALL } from '../../../machines/cookie-consent/cookie-consent.rules';
import type { ProviderConfig } from '../../../machines/donation-checkout/donation-checkout.machine';
import { inspectorMachine } from '../../../machines/inspector/inspector.machine';
import { sdkLoggerMachine } from '../../../provider/sdk/sdk-logger.machine';
import type { Delivery } from '../../../provider/sdk/sdk-logger.rules';
import { fromIsland, type IslandPick } from '../catalog/islands';
import { reachedBy, type CatalogEntry } from '../../../runtime/replay/catalog-types';

/**
 * Forms, search, donation checkout, the payment SDK's logger, consent, video, media and the
 * inspector. The widgets' machines and inputs come from islands of the demo pages (islands.ts
 * `fromIsland`); the consent banner, the SDK logger and the inspector are no page's island, so their
 * input (where they take one) is written here.
 *
 * Replays and model tests run synchronously on the test clock, so a promise fake never settles
 * inside them: its answer is modelled as the event XState raises for it, `xstate.done.actor.<id>`
 * with a canned output (a good answer and a bad one, so both paths are explored). The failure event
 * `xstate.error.actor.<id>` cannot be in a model's events: the model sends every event in every
 * state, and one the state does not handle puts the actor in error. So a request's failure is
 * modelled by its failing answer where the machine has one (the form's 5xx), and the network
 * failure itself (each invoke's onError) is replayed in tests/scenarios. The fakes still answer, so
 * a live run of an entry's logic never reaches the network.
 *
 * Some states depend on input alone (a redirect target, popups supported, a mobile device): one
 * input cannot reach both sides, so such a machine has one entry per input, and each entry lists
 * under `unreachable` the states its input rules out, with `reachedBy` naming the entry that
 * reaches them (the coverage test checks it does). `transient` is only for states with eventless
 * exits alone, which no input can rest in.
 */

/** The ids XState gives an unnamed invoke: `<index>.<state node id>`. */
const FORM_SEND = '0.ajaxForm.sending';
const SEARCH_REQUEST = '0.ajaxSearch.searching';
const REPORT_SEND = '0.problemReport.sending';
const PROVIDER_CONFIG = '0.donationCheckout.configuring';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });

// Ajax form (§4): the newsletter form of the demo site, answered as server/forms/answers.tsx does.
const THANKS: FormAnswer = { status: 200, html: '<div class="ajax-form-response av-form-success-container"><p>Thank you: ada@example.org is on our newsletter list.</p></div>' };
const ALREADY_SUBSCRIBED: FormAnswer = { status: 200, html: '<div class="av-form-error-container" role="alert"><p>This address is already on the list.</p></div>' };
const SERVER_ERROR: FormAnswer = { status: 503, html: 'Service unavailable' };

/** The newsletter form every page's footer carries; `settings` as a page could add them. */
const ajaxForm = (settings: IslandPick['settings'], unreachable: CatalogEntry['unreachable']): CatalogEntry => ({
  ...fromIsland('ajax-form', { settings }),
  provide: { actors: { sendForm: fromPromise<FormAnswer, FormRequest>(async () => THANKS) } },
  events: [
    { type: 'form.submit', values: { email: 'ada@example.org' } },
    { type: 'form.submit', values: { email: 'not an address' } },
    done(FORM_SEND, THANKS),
    done(FORM_SEND, ALREADY_SUBSCRIBED),
    done(FORM_SEND, SERVER_ERROR),
  ],
  transient: ['validating'],
  unreachable,
});

// Ajax search (§4): one page found for "nurse", nothing for "zebra" (the not-found entry), "0" (null).
const NURSE_RESULTS: SearchResults = {
  groups: [{ type: 'Pages', entries: [{ href: '/home-care/', title: 'Home care', excerpt: 'A nurse visits at home…' }] }],
  notFound: null,
  viewAll: { href: '/?s=nurse', title: 'View all results', excerpt: '' },
};
const NOTHING_FOUND: SearchResults = { groups: [], notFound: 'Sorry, no posts matched your criteria.', viewAll: null };

// Donation checkout (§4): the donate page's three buttons, before the browser's facts are known.
const donationEvents: CatalogEntry['events'] = [
  { type: 'donate.start' },
  done(PROVIDER_CONFIG, { providerUrl: null } satisfies ProviderConfig),
  { type: 'popup.opened' },
  { type: 'popup.blocked' },
  { type: 'popup.error', message: 'Blocked a frame from accessing a cross-origin frame.' },
  { type: 'popup.closed' },
  { type: 'frame.loaded' },
  { type: 'checkout.ready' },
  { type: 'checkout.complete', data: { amount: '25.00', currency_code: 'USD' } },
  { type: 'checkout.complete', data: { amount: '25.00', currency_code: 'USD' }, returnUrl: 'https://harbourlight.example/thank-you/' },
  { type: 'checkout.cancel' },
  { type: 'overlay.focus' },
  { type: 'overlay.close' },
];
// The popup and the checkout's messages come only from the events above, never from a window.
const donationProvide: CatalogEntry['provide'] = {
  actors: {
    loadProviderConfig: fromPromise<ProviderConfig>(async () => ({ providerUrl: null })),
    popupWindow: fromCallback(() => undefined),
    checkoutMessages: fromCallback(() => undefined),
  },
};
const POPUP_STATES = ['popup.opening', 'popup.loading', 'popup.ready'];
const FRAME_STATES = ['framing.prerendering', 'framing.revealing', 'framing.shown'];
const REMOTE_STATES = ['remote.loading', 'remote.ready', 'remote.done'];
/** The page's origin is the browser's fact (window.location): the replayed page is on the demo's own domain. */
const PAGE_ORIGIN = 'https://harbourlight.example';
const donation = (island: string, unreachable: CatalogEntry['unreachable']): CatalogEntry => ({
  ...fromIsland('donate-button', { id: island, browser: { origin: PAGE_ORIGIN } }),
  provide: donationProvide,
  events: donationEvents,
  transient: ['configured', 'choosing'],
  unreachable,
});

// Video (§4, §5): the page's consent channel and the player report only through these events.
// The videos page's platform A video, which has a mobile fallback image.
const video = () => fromIsland('video', { has: { type: 'youtube' } });
const quietVideo = { consentSource: fromCallback(() => undefined), player: fromCallback(() => undefined) };
const videoEvents: CatalogEntry['events'] = [
  { type: 'video.mounted' },
  { type: 'consent.update', consent: NO_CONSENT },
  { type: 'consent.update', consent: ACCEPT_ALL },
  { type: 'consent.grant', remember: false },
  { type: 'consent.grant.all' },
  { type: 'video.play' },
  { type: 'player.ready' },
  { type: 'player.playing' },
  { type: 'player.paused' },
  { type: 'player.ended' },
  { type: 'player.error', code: 150 },
  { type: 'video.pause' },
  { type: 'video.mute' },
  { type: 'video.unmute' },
  { type: 'video.loop', enabled: true },
  { type: 'video.reset' },
  { type: 'video.unload' },
];
const VIDEO_PLAYER_STATES = [
  'mounted.blocked',
  'mounted.lazy',
  'mounted.active.loading',
  'mounted.active.loaded.paused',
  'mounted.active.loaded.playing',
  'mounted.active.loaded.ended',
  'mounted.fallback',
];

// Media player (§4, §5): the renderer and the page's consent channel report only through these events.
const quietMedia = { consentSource: fromCallback(() => undefined), media: fromCallback(() => undefined) };
const mediaEvents: CatalogEntry['events'] = [
  { type: 'player.mounted' },
  { type: 'consent.update', consent: ACCEPT_ALL },
  { type: 'consent.update', consent: REFUSE_ALL },
  { type: 'consent.grant', remember: true },
  { type: 'consent.grant.all' },
  { type: 'player.toggle' },
  { type: 'player.seek', seconds: 30 },
  { type: 'player.step', direction: -1 },
  { type: 'player.mute.toggle' },
  { type: 'player.volume', volume: 0.4 },
  { type: 'media.loaded', duration: 95 },
  { type: 'media.playing' },
  { type: 'media.time', currentTime: 12, duration: 95 },
  { type: 'media.progress' },
  { type: 'media.paused' },
  { type: 'media.ended' },
  { type: 'media.error', message: 'MEDIA_ERR_SRC_NOT_SUPPORTED' },
  { type: 'player.retry' },
];

/** A media player's content with each source as a Flash video of the same name. */
const asFlashVideo = (content: unknown) => {
  const { sources } = content as { sources: Array<{ src: string }> };
  return { ...(content as object), sources: sources.map((source) => ({ ...source, src: source.src.replace(/\.\w+$/, '.flv') })) };
};

export const serviceMachines: Record<string, CatalogEntry> = {
  // Redirecting needs a redirect target in the input, which wins over showing the answer (§3).
  'ajax-form': ajaxForm({}, reachedBy('ajax-form (redirect)', ['redirecting'])),
  'ajax-form (redirect)': ajaxForm({ redirect: '/thank-you/' }, reachedBy('ajax-form', ['answered'])),

  'ajax-search': {
    ...fromIsland('ajax-search'),
    provide: { actors: { searchRequest: fromPromise<SearchResults | null, SearchRequest>(async () => NURSE_RESULTS) } },
    events: [
      { type: 'search.input', value: 'nurse' },
      { type: 'search.input', value: 'nu' },
      { type: 'search.input', value: '' },
      { type: 'search.input', value: 'zebras' },
      done(SEARCH_REQUEST, NURSE_RESULTS),
      done(SEARCH_REQUEST, NOTHING_FOUND),
      done(SEARCH_REQUEST, null),
      { type: 'search.escape' },
      { type: 'search.outside' },
      { type: 'search.field' },
      { type: 'results.next' },
      { type: 'results.prev' },
      { type: 'results.open' },
    ],
    transient: ['deciding'],
  },

  // Keyed by the widget's name; the machine is donation-checkout.
  // Popups supported or not, and the remote variant, are input; each entry reaches one side.
  'donate-button': donation('donate-button', {
    ...reachedBy('donate-button (in page)', FRAME_STATES),
    ...reachedBy('donate-button (remote)', REMOTE_STATES),
  }),
  'donate-button (in page)': donation('donate-in-page', {
    // With popups supported the redirect comes from the popup failing to open.
    ...reachedBy('donate-button', [...POPUP_STATES, 'redirecting']),
    ...reachedBy('donate-button (remote)', REMOTE_STATES),
  }),
  'donate-button (remote)': donation('donate-quick', {
    // The remote variant never shows the checkout itself.
    ...reachedBy('donate-button', ['idle', ...POPUP_STATES, 'redirecting', 'completed', 'closed']),
    ...reachedBy('donate-button (in page)', FRAME_STATES),
  }),

  // The payment SDK's logger (§4, §9). Whether anything is buffered is part of the vertex: a flush
  // with an empty buffer sends nothing. Once an error is buffered the 60 s interval and the 50 ms
  // soon flush run together; the model helper fires only the earliest, so the interval-first edge
  // is reported as not a legal run. A delivery's failure is its error event, which the logger
  // handles in every state (§8: swallowed, counted).
  'sdk-logger': {
    machine: sdkLoggerMachine,
    provide: { actors: { deliver: fromPromise<unknown, Delivery>(async () => undefined) } },
    input: { url: 'https://www.paypal.com', now: () => 0, pageProtocol: 'https:' },
    serializeState: (snapshot) => {
      const { events, tracking, metrics } = (snapshot.context as { buffer: { events: unknown[]; tracking: unknown[]; metrics: unknown[] } }).buffer;
      return `${JSON.stringify(snapshot.value)} buffered:${events.length + tracking.length + metrics.length > 0}`;
    },
    events: [
      { type: 'log.event', level: 'info', event: 'checkout_open' },
      { type: 'log.event', level: 'error', event: 'checkout_failed' },
      { type: 'log.track', payload: { step: 'donate' } },
      { type: 'log.metric', metric: { metricEventName: 'render', metricType: 'gauge' } },
      { type: 'log.metric', metric: { metricEventName: '', metricType: 'gauge' } },
      { type: 'page.hide', reason: 'pagehide' },
      { type: 'log.flush' },
      { type: 'xstate.error.actor.delivery-1', error: 'network down' },
    ],
  },

  'cookie-consent': {
    machine: cookieConsentMachine,
    input: { stored: NO_CONSENT },
    events: [
      { type: 'settings.open' },
      { type: 'settings.close' },
      { type: 'consent.grant', platform: 'youtube', remember: false },
      { type: 'consent.grant', platform: 'vimeo', remember: true },
      { type: 'consent.accept' },
      { type: 'consent.refuse' },
      { type: 'consent.save', essential: true, platforms: ['vimeo'] },
    ],
  },

  // Issue 51: the footer's "Report a problem"; its send answers as the server would (stored, refused).
  'problem-report': {
    machine: problemReportMachine,
    provide: { actors: { sendReport: fromPromise<ReportAnswer>(() => new Promise<ReportAnswer>(() => undefined)) } },
    events: [
      { type: 'report.open' },
      { type: 'report.close' },
      { type: 'report.send', blank: true },
      { type: 'report.send', blank: false },
      { type: `xstate.done.actor.${REPORT_SEND}`, output: { ok: true, id: 7 } },
      { type: `xstate.done.actor.${REPORT_SEND}`, output: { ok: false, message: 'Too many reports from this address.' } },
    ],
  },

  video: {
    ...video(),
    provide: { actors: quietVideo, guards: { isMobileDevice: () => false } },
    events: videoEvents,
    transient: ['mounted.deciding'],
    // Only on a mobile device with a fallback image.
    unreachable: reachedBy('video (mobile)', ['mounted.noPlayer']),
  },
  'video (mobile)': {
    ...video(),
    // The page's mobile flag (§1), which the widget reads from the document.
    provide: { actors: quietVideo, guards: { isMobileDevice: () => true } },
    events: videoEvents,
    transient: ['mounted.deciding'],
    // With the fallback image on mobile no player is ever created (§4).
    unreachable: reachedBy('video', VIDEO_PLAYER_STATES),
  },

  'media-player': {
    // The videos page's self-hosted video (webm and mp4).
    ...fromIsland('media-player', { id: 'player-video' }),
    provide: { actors: quietMedia },
    events: mediaEvents,
    transient: ['mounted.deciding', 'mounted.ready.starting'],
    unreachable: {
      // Only without a playable source.
      ...reachedBy('media-player (download only)', ['download']),
      // Self-hosted media need no consent (§5).
      ...reachedBy('media-player (YouTube)', ['mounted.blocked']),
    },
  },
  'media-player (YouTube)': {
    // §5: a platform A address (the videos page's) waits for consent and follows every change of it.
    ...fromIsland('media-player', { id: 'player-site' }),
    provide: { actors: quietMedia },
    events: mediaEvents,
    transient: ['mounted.deciding', 'mounted.ready.starting'],
    // Only without a playable source.
    unreachable: reachedBy('media-player (download only)', ['download']),
  },
  'media-player (download only)': {
    // §8: flv has no renderer, so the download-file link stands in. No demo page carries one: the
    // self-hosted video's island with its sources as an old page would give them.
    ...fromIsland('media-player', { id: 'player-video', content: asFlashVideo }),
    provide: { actors: quietMedia },
    events: mediaEvents,
    transient: ['mounted.deciding', 'mounted.ready.starting'],
    unreachable: {
      // A playable source is needed for these.
      ...reachedBy('media-player', ['mounted.ready.paused', 'mounted.ready.playing', 'mounted.ready.ended', 'mounted.failed']),
      ...reachedBy('media-player (YouTube)', ['mounted.blocked']),
    },
  },

  inspector: {
    machine: inspectorMachine,
    events: [
      {
        type: 'inspection.received',
        message: { type: '@xstate.actor', sessionId: 'x:1', name: 'ajax-search', snapshot: { value: 'idle', status: 'active' } },
      },
      { type: 'inspection.received', message: { type: '@xstate.snapshot', sessionId: 'x:1', snapshot: { value: 'waiting' } } },
      { type: 'inspection.received', message: { type: '@xstate.event', sessionId: 'x:1', event: { type: 'search.input', value: 'nurse' } } },
      { type: 'actor.select', session: 'x:1' },
      { type: 'page.status', clock: { paused: true, now: 1200, timers: 1, page: '/' } },
      { type: 'page.error', message: 'the page closed' },
    ],
  },
};
