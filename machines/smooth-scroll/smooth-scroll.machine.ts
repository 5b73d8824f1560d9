import { assign, fromPromise, setup } from 'xstate';

/** §9: smooth scroll lasts 1200 ms by default with easeInOutQuint. */
export const SCROLL_DURATION_MS = 1200;
export const SCROLL_EASING = 'easeInOutQuint';

export interface SmoothScrollInput {
  /** The location's hash when the page loaded ('' for none). */
  initialHash: string;
  /** prefers-reduced-motion: reduce. The scroll then jumps. */
  reducedMotion: boolean;
}

/** What the scroll effect is asked to do; duration 0 means jump. */
export interface ScrollRequest {
  hash: string;
  duration: number;
  easing: string;
}

type SmoothScrollEvent =
  | { type: 'link.activate'; hash: string }
  | { type: 'page.scroll' }
  /** Issue 49.3: the visitor scrolls on their own (a wheel, a touch on the page, a scroll key). */
  | { type: 'visitor.scroll' }
  /** The page's fragment is no longer the one it loaded with (a tab or a toggle wrote its own, the visitor went back). */
  | { type: 'fragment.change' };

/**
 * Smooth scroll (§2, reference notes): an in-page link scrolls to its target; a page loaded with a
 * hash scrolls there after the first scroll; when the scroll is done the hash is written with
 * history.replaceState. Starting a scroll is announced (the burger menu closes on it). The visitor's
 * own scrolling (wheel, touch, keys) during a link's smooth scroll ends it where the page stands, and
 * no hash is written: the visitor has taken the page elsewhere (issue 49.3). The loaded hash's scroll
 * is not ended so: the visitor's first scroll starts it, and a wheel's next ticks would end it at once.
 * A loaded hash the page has replaced before that first scroll (a tab opened by a tap that did not
 * scroll) is not scrolled to: it would take the visitor away from the tab and write the old hash
 * over the tab's.
 */
export const buildSmoothScrollMachine = () =>
  setup({
    types: {} as {
      input: SmoothScrollInput;
      /** `byLink`: the scroll under way is a link's (the visitor's own scrolling ends it), not the loaded hash's. */
      context: { hash: string; reducedMotion: boolean; byLink: boolean };
      events: SmoothScrollEvent;
    },
    guards: {
      hasInitialHash: ({ context }) => context.hash !== '',
      isLinkScroll: ({ context }) => context.byLink,
    },
    actions: {
      rememberHash: assign({ hash: ({ event }) => (event.type === 'link.activate' ? event.hash : ''), byLink: true }),
      announceScrollStart: () => undefined,
      replaceHistory: (_, _params: { hash: string }) => undefined,
    },
    actors: {
      scrollToTarget: fromPromise<void, ScrollRequest>(async () => undefined),
    },
  }).createMachine({
    id: 'smoothScroll',
    context: ({ input }) => ({ hash: input.initialHash, reducedMotion: input.reducedMotion, byLink: false }),
    initial: 'loading',
    states: {
      loading: {
        always: [{ guard: 'hasInitialHash', target: 'awaitingFirstScroll' }, { target: 'idle' }],
      },
      awaitingFirstScroll: {
        on: {
          'page.scroll': 'scrolling',
          'fragment.change': 'idle',
          'link.activate': { target: 'scrolling', actions: 'rememberHash' },
        },
      },
      idle: {
        on: { 'link.activate': { target: 'scrolling', actions: 'rememberHash' } },
      },
      scrolling: {
        entry: 'announceScrollStart',
        invoke: {
          src: 'scrollToTarget',
          input: ({ context }) => ({ hash: context.hash, duration: context.reducedMotion ? 0 : SCROLL_DURATION_MS, easing: SCROLL_EASING }),
          onDone: { target: 'idle', actions: { type: 'replaceHistory', params: ({ context }) => ({ hash: context.hash }) } },
          onError: 'idle',
        },
        on: {
          'link.activate': { target: 'scrolling', reenter: true, actions: 'rememberHash' },
          'visitor.scroll': { guard: 'isLinkScroll', target: 'idle' },
        },
      },
    },
  });

/**
 * The chart, built once, for the tests, the replay's catalog and the coverage report. The page's
 * service builds its own with `buildSmoothScrollMachine()` as it starts, in a task of its own
 * (runtime/boot.ts): the page's entry builds no chart while it is evaluated (issue 49, goal 2), and
 * the bundler leaves this pure call out of it.
 */
export const smoothScrollMachine = /* @__PURE__ */ buildSmoothScrollMachine();
