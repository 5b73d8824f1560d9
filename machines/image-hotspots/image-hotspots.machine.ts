import { assign, setup } from 'xstate';

/** §9: the first hotspot appears after 400 ms … */
export const HOTSPOT_FIRST_MS = 400;
/** … and each next one 300 ms later. */
export const HOTSPOT_STAGGER_MS = 300;

export interface ImageHotspotsInput {
  count: number;
}

export interface ImageHotspotsContext {
  count: number;
  revealed: number;
  /** The hotspot whose tooltip is open, or null. */
  open: number | null;
  /** Whether the open tooltip was opened by a click (pinned): only then does a click on its spot close it. */
  pinned: boolean;
}

export type ImageHotspotsEvent =
  | { type: 'view.enter'; reducedMotion: boolean }
  | { type: 'tooltip.open'; index: number }
  | { type: 'tooltip.toggle'; index: number }
  | { type: 'tooltip.close' };

/**
 * §1, §9 Image hotspots: the spots appear one by one once the image is in view; each has a
 * tooltip that opens on hover, focus or click and closes on leave, a second click or Escape (§4
 * Tooltips). One tooltip is open at a time. A click pins the tooltip it opens (or one hover or focus
 * opened): on a touch screen one tap is hover, focus and click together.
 */
export const imageHotspotsMachine = setup({
  types: {} as { context: ImageHotspotsContext; input: ImageHotspotsInput; events: ImageHotspotsEvent },
  delays: { firstSpot: HOTSPOT_FIRST_MS, nextSpot: HOTSPOT_STAGGER_MS },
  guards: {
    showsAtOnce: ({ context, event }) => event.type === 'view.enter' && (event.reducedMotion || context.count === 0),
    isAllRevealed: ({ context }) => context.revealed >= context.count,
    isPinnedSpot: ({ context, event }) => event.type === 'tooltip.toggle' && context.open === event.index && context.pinned,
  },
  actions: {
    revealNext: assign(({ context }) => ({ revealed: Math.min(context.count, context.revealed + 1) })),
    revealAll: assign(({ context }) => ({ revealed: context.count })),
    openTooltip: assign(({ context, event }) =>
      event.type === 'tooltip.open' ? { open: event.index, pinned: context.pinned && context.open === event.index } : {},
    ),
    pinTooltip: assign(({ event }) => (event.type === 'tooltip.toggle' ? { open: event.index, pinned: true } : {})),
    closeTooltip: assign({ open: null, pinned: false }),
  },
}).createMachine({
  id: 'imageHotspots',
  context: ({ input }) => ({ count: input.count, revealed: 0, open: null, pinned: false }),
  type: 'parallel',
  states: {
    reveal: {
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'view.enter': [{ guard: 'showsAtOnce', target: 'done', actions: 'revealAll' }, { target: 'starting' }] },
        },
        starting: { after: { firstSpot: { target: 'revealing', actions: 'revealNext' } } },
        revealing: {
          always: { guard: 'isAllRevealed', target: 'done' },
          after: { nextSpot: { target: 'revealing', reenter: true, actions: 'revealNext' } },
        },
        done: {},
      },
    },
    tooltip: {
      on: {
        'tooltip.open': { actions: 'openTooltip' },
        // Issue 31.2: a tap sends hover, focus and click at once; the click pins what hover or focus
        // opened instead of closing it in the same instant. A click on a pinned tooltip's spot closes it.
        'tooltip.toggle': [{ guard: 'isPinnedSpot', actions: 'closeTooltip' }, { actions: 'pinTooltip' }],
        'tooltip.close': { actions: 'closeTooltip' },
      },
    },
  },
});
