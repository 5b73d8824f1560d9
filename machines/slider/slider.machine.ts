import { and, assign, cancel, fromCallback, not, raise, setup, stateIn } from 'xstate';
import {
  IMAGE_CHECK_INTERVAL_MS,
  IMAGE_CHECK_LIMIT,
  VIDEO_NUDGE_MS,
  atEnd,
  canWrap,
  gotoIndex,
  lastIndex,
  stepFrom,
  type Direction,
  type Loop,
} from './slider.rules';

/**
 * §4 Theme slider and Slideshow widget; one core for the slideshow, the theme slider, the carousel,
 * the timelines carousel, the horizontal gallery and the accordion slider.
 *
 * It first waits for the slides' images (probed every 500 ms, up to 10 times) and the
 * show_slide_delay, then runs three regions side by side: motion (its `animating` state blocks
 * navigation, §4's animating flag), autoplay (playing, held by hover/focus/a playing video, or stopped) and video (the
 * 100 ms nudge after a video ends). Autoplay is held while the page is hidden. A manual next, prev or go-to can stop autoplay for good and
 * switch looping to once (the slideshow's rule, `manualStopsAutoplay`).
 */
export interface SliderInput {
  count: number;
  /** 0-based start; null means nothing is active (horizontal gallery with an empty `initial`). */
  initial: number | null;
  /** Slides visible at once (carousel 3, timelines 3/2/1); navigation stops at count - perView. */
  perView?: number;
  autoplay: boolean;
  intervalMs: number;
  loopAutoplay: Loop;
  loopManual: Loop;
  /** Autoplay runs towards the last slide (stopping there in 'once') or towards the first. */
  autoplayDirection?: Direction;
  /** How long the animating flag stays up after a move. */
  transitionMs: number;
  /** §4 Slideshow: any manual next, previous or go-to stops autoplay for good and loops once. */
  manualStopsAutoplay: boolean;
  /** §3 show_slide_delay: wait after the images before the slider starts. */
  showDelayMs?: number;
}

/**
 * §4 Horizontal gallery: where its strip's items sit, as the widget measured them (the viewport's
 * width, the strip's full width, each item's left edge and width, in px), so that the active item's
 * centring is a function of the machine's state and a replay draws it the same.
 */
export interface StripLayout {
  viewport: number;
  strip: number;
  items: ReadonlyArray<{ left: number; width: number }>;
}

/** Issue 22: 'hidden' while the page is hidden (a background tab), from the pageVisibility adapter. */
export type HoldReason = 'hover' | 'focus' | 'video' | 'hidden';

export interface SliderContext {
  count: number;
  current: number | null;
  previous: number | null;
  perView: number;
  /** Autoplay is wanted; false once stopped (for good, by the rotation control, or at the end). */
  autoplay: boolean;
  intervalMs: number;
  loopAutoplay: Loop;
  loopManual: Loop;
  autoplayDirection: Direction;
  transitionMs: number;
  manualStopsAutoplay: boolean;
  showDelayMs: number;
  /** The direction of the last move, for the view's slide-in side. */
  direction: Direction;
  /** Why autoplay is held right now; it plays only when this is empty. */
  holds: HoldReason[];
  imageChecks: number;
  /** Manual navigation took over from autoplay (§4): it happened once and for good. */
  manual: boolean;
  moves: number;
  /** §4 Horizontal gallery: the strip as last measured (none until the widget has measured it). */
  layout: StripLayout | null;
}

export type SliderEvent =
  | { type: 'nav.next' }
  | { type: 'nav.prev' }
  /** 1-based position, as in hashes (§5). */
  | { type: 'nav.goto'; position: number }
  /** The rotation control (ARIA carousel). */
  | { type: 'autoplay.start' }
  | { type: 'autoplay.stop' }
  | { type: 'autoplay.hold'; reason: HoldReason }
  | { type: 'autoplay.release'; reason: HoldReason }
  | { type: 'video.play' }
  | { type: 'video.ended' }
  /** Timelines: the screen width changed the number of visible slides. */
  | { type: 'view.resize'; perView: number }
  /** Horizontal gallery: the strip was measured (on start and when its size changed). */
  | { type: 'view.measure'; layout: StripLayout }
  | { type: 'slide.moved' }
  /** Autoplay's interval, raised with a delay by `armAutoplay`; nothing outside sends it. */
  | { type: 'autoplay.due' };

const last = (context: SliderContext) => lastIndex(context.count, context.perView);
const wraps = (context: SliderContext) => canWrap(context.loopAutoplay, context.loopManual);
const navigable = (context: SliderContext) => context.count >= 2 && last(context) >= 1;

function manualTarget(context: SliderContext, event: SliderEvent): number | null {
  if (event.type === 'nav.next') return stepFrom(context.current, 'next', last(context), wraps(context));
  if (event.type === 'nav.prev') return stepFrom(context.current, 'prev', last(context), wraps(context));
  if (event.type === 'nav.goto') {
    const index = gotoIndex(event.position, context.current, context.count);
    return index === null ? null : Math.min(index, last(context));
  }
  return null;
}

/** Autoplay moves one step towards its end; it wraps only in 'endless'. */
const autoplayTarget = (context: SliderContext) =>
  stepFrom(context.current, context.autoplayDirection, last(context), context.loopAutoplay === 'endless');

function moveTo(context: SliderContext, index: number) {
  const forward = context.current === null || index > context.current;
  return { previous: context.current, current: index, direction: (forward ? 'next' : 'prev') as Direction, moves: context.moves + 1 };
}

/** Next, previous and go-to move the same way. */
const moveManually = { guard: 'canMoveManually', actions: ['moveManually', 'takeOverManually', 'announceMove'] } as const;

export const sliderMachine = setup({
  types: {} as { context: SliderContext; input: SliderInput; events: SliderEvent },
  guards: {
    /** Adapter: every slide image has loaded (the widget probes its element). */
    imagesReady: () => true,
    hasImageChecksLeft: ({ context }) => context.imageChecks + 1 < IMAGE_CHECK_LIMIT,
    hasShowDelay: ({ context }) => context.showDelayMs > 0,
    /** §4's animating flag is the motion region's state: nothing moves while a move animates. */
    isAnimating: stateIn({ running: { motion: 'animating' } }),
    hasManualTarget: ({ context, event }) => navigable(context) && manualTarget(context, event) !== null,
    hasAutoplayTarget: ({ context }) => context.count >= 2 && autoplayTarget(context) !== null,
    canMoveManually: and([not('isAnimating'), 'hasManualTarget']),
    canAutoAdvance: and([not('isAnimating'), 'hasAutoplayTarget']),
    autoplayWanted: ({ context }) => context.autoplay,
    autoplayFinished: ({ context }) =>
      context.loopAutoplay === 'once' && atEnd(context.current, context.autoplayDirection, last(context)),
    isHeld: ({ context }) => context.holds.length > 0,
  },
  actions: {
    countImageCheck: assign(({ context }) => ({ imageChecks: context.imageChecks + 1 })),
    moveManually: assign(({ context, event }) => {
      const index = manualTarget(context, event);
      return index === null ? {} : moveTo(context, index);
    }),
    moveAutomatically: assign(({ context }) => {
      const index = autoplayTarget(context);
      return index === null ? {} : moveTo(context, index);
    }),
    announceMove: raise({ type: 'slide.moved' }),
    /**
     * Autoplay's next step as a delayed event that each step re-arms (issue 15, like the countdown's
     * tick): a step is one microstep in which the autoplay region moves (no state left or entered) and
     * the motion region starts animating, where re-entering `playing` on an `after` and announcing
     * the move to the motion region took two. A day of the home page's hero is 14,400 steps.
     */
    armAutoplay: raise({ type: 'autoplay.due' }, { delay: 'autoplayInterval', id: 'autoplay' }),
    /** §4: the first manual move stops autoplay for good and loops once from then on. */
    takeOverManually: assign(({ context }) =>
      context.manualStopsAutoplay && context.autoplay
        ? { autoplay: false, manual: true, loopAutoplay: 'once' as Loop, loopManual: 'once' as Loop }
        : {},
    ),
    startAutoplay: assign({ autoplay: true }),
    stopAutoplay: assign({ autoplay: false }),
    /** §4 Horizontal gallery: non-endless autoplay stops at the end and becomes manual. */
    finishAutoplay: assign({ autoplay: false, manual: true }),
    addHold: assign(({ context, event }) =>
      event.type === 'autoplay.hold' && !context.holds.includes(event.reason) ? { holds: [...context.holds, event.reason] } : {},
    ),
    releaseHold: assign(({ context, event }) =>
      event.type === 'autoplay.release' ? { holds: context.holds.filter((reason) => reason !== event.reason) } : {},
    ),
    holdForVideo: assign(({ context }) => (context.holds.includes('video') ? {} : { holds: [...context.holds, 'video' as HoldReason] })),
    releaseVideo: assign(({ context }) => ({ holds: context.holds.filter((reason) => reason !== 'video') })),
    resize: assign(({ context, event }) => {
      if (event.type !== 'view.resize') return {};
      const perView = Math.max(1, Math.floor(event.perView));
      const max = lastIndex(context.count, perView);
      return { perView, current: context.current === null ? null : Math.min(context.current, max) };
    }),
    measure: assign(({ event }) => (event.type === 'view.measure' ? { layout: event.layout } : {})),
    /** Adapter: pause the video that just ended (the §9 nudge), so it does not restart. */
    pauseEndedVideo: () => {},
  },
  actors: {
    /** Adapter: holds autoplay (`autoplay.hold` reason 'hidden') while the page is hidden, releases it when shown. */
    pageVisibility: fromCallback<SliderEvent>(() => () => {}),
  },
  delays: {
    imageCheckInterval: IMAGE_CHECK_INTERVAL_MS,
    showSlideDelay: ({ context }) => context.showDelayMs,
    autoplayInterval: ({ context }) => context.intervalMs,
    transitionDuration: ({ context }) => context.transitionMs,
    videoNudge: VIDEO_NUDGE_MS,
  },
}).createMachine({
  id: 'slider',
  context: ({ input }) => ({
    count: Math.max(0, input.count),
    current: input.initial === null ? null : Math.min(Math.max(0, input.initial), lastIndex(input.count, input.perView)),
    previous: null,
    perView: Math.max(1, input.perView ?? 1),
    autoplay: input.autoplay,
    intervalMs: input.intervalMs,
    loopAutoplay: input.loopAutoplay,
    loopManual: input.loopManual,
    autoplayDirection: input.autoplayDirection ?? 'next',
    transitionMs: input.transitionMs,
    manualStopsAutoplay: input.manualStopsAutoplay,
    showDelayMs: input.showDelayMs ?? 0,
    direction: 'next',
    holds: [],
    imageChecks: 0,
    manual: false,
    moves: 0,
    layout: null,
  }),
  invoke: { src: 'pageVisibility' },
  on: {
    'autoplay.hold': { actions: 'addHold' },
    'autoplay.release': { actions: 'releaseHold' },
    // The rotation control works before the slider has started too.
    'autoplay.start': { actions: 'startAutoplay' },
    'autoplay.stop': { actions: 'stopAutoplay' },
    // Measured as soon as the widget starts, whatever the slider is doing.
    'view.measure': { actions: 'measure' },
  },
  initial: 'preparing',
  states: {
    preparing: {
      initial: 'checkingImages',
      states: {
        checkingImages: {
          always: { guard: 'imagesReady', target: 'waiting' },
          after: {
            imageCheckInterval: [
              { guard: 'imagesReady', target: 'waiting' },
              { guard: 'hasImageChecksLeft', target: 'checkingImages', reenter: true, actions: 'countImageCheck' },
              // §9: after the 10th check the slider starts with whatever has loaded.
              { target: 'waiting', actions: 'countImageCheck' },
            ],
          },
        },
        waiting: {
          always: [{ guard: 'hasShowDelay', target: 'delaying' }, { target: '#slider.running' }],
        },
        delaying: { after: { showSlideDelay: '#slider.running' } },
      },
    },
    running: {
      type: 'parallel',
      on: {
        'nav.next': moveManually,
        'nav.prev': moveManually,
        'nav.goto': moveManually,
        'view.resize': { actions: 'resize' },
      },
      states: {
        motion: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'slide.moved': 'animating',
                // The same step as autoplay's move below (idle means not animating, so the guards agree).
                'autoplay.due': { guard: 'hasAutoplayTarget', target: 'animating' },
              },
            },
            animating: {
              after: { transitionDuration: 'idle' },
            },
          },
        },
        autoplay: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'autoplayWanted', target: 'playing' }, { target: 'stopped' }],
            },
            playing: {
              always: [
                { guard: not('autoplayWanted'), target: 'stopped' },
                { guard: 'autoplayFinished', target: 'stopped', actions: 'finishAutoplay' },
                { guard: 'isHeld', target: 'held' },
              ],
              entry: 'armAutoplay',
              exit: cancel('autoplay'),
              on: {
                'autoplay.due': [
                  { guard: 'canAutoAdvance', actions: ['moveAutomatically', 'armAutoplay'] },
                  // Mid-transition (or nothing to move to yet): try again one interval later.
                  { guard: 'isAnimating', actions: 'armAutoplay' },
                  { target: 'stopped', actions: 'stopAutoplay' },
                ],
                'autoplay.stop': { target: 'stopped', actions: 'stopAutoplay' },
              },
            },
            held: {
              always: [
                { guard: not('autoplayWanted'), target: 'stopped' },
                { guard: not('isHeld'), target: 'playing' },
              ],
              on: { 'autoplay.stop': { target: 'stopped', actions: 'stopAutoplay' } },
            },
            stopped: {
              on: { 'autoplay.start': { target: 'playing', actions: 'startAutoplay' } },
            },
          },
        },
        video: {
          initial: 'idle',
          on: {
            'video.play': { actions: 'holdForVideo' },
            'video.ended': [
              // §4: a video that ends advances to the next slide and resumes the timer.
              { guard: 'canAutoAdvance', target: '.nudging', actions: ['releaseVideo', 'moveAutomatically', 'announceMove'] },
              { target: '.nudging', actions: 'releaseVideo' },
            ],
          },
          states: {
            idle: {},
            nudging: { after: { videoNudge: { target: 'idle', actions: 'pauseEndedVideo' } } },
          },
        },
      },
    },
  },
});
