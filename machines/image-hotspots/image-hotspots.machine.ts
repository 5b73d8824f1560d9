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
}

export type ImageHotspotsEvent =
  | { type: 'view.enter'; reducedMotion: boolean }
  | { type: 'tooltip.open'; index: number }
  | { type: 'tooltip.toggle'; index: number }
  | { type: 'tooltip.close' };

/**
 * §1, §9 Image hotspots: the spots appear one by one once the image is in view; each has a
 * tooltip that opens on hover, focus or click and closes on leave, a second click or Escape (§4
 * Tooltips). One tooltip is open at a time.
 */
export const imageHotspotsMachine = setup({
  types: {} as { context: ImageHotspotsContext; input: ImageHotspotsInput; events: ImageHotspotsEvent },
  delays: { firstSpot: HOTSPOT_FIRST_MS, nextSpot: HOTSPOT_STAGGER_MS },
  guards: {
    showsAtOnce: ({ context, event }) => event.type === 'view.enter' && (event.reducedMotion || context.count === 0),
    isAllRevealed: ({ context }) => context.revealed >= context.count,
    isOpenSpot: ({ context, event }) => event.type === 'tooltip.toggle' && context.open === event.index,
  },
  actions: {
    revealNext: assign(({ context }) => ({ revealed: Math.min(context.count, context.revealed + 1) })),
    revealAll: assign(({ context }) => ({ revealed: context.count })),
    openTooltip: assign(({ event }) => (event.type === 'tooltip.open' || event.type === 'tooltip.toggle' ? { open: event.index } : {})),
    closeTooltip: assign({ open: null }),
  },
}).createMachine({
  id: 'imageHotspots',
  context: ({ input }) => ({ count: input.count, revealed: 0, open: null }),
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
        'tooltip.toggle': [{ guard: 'isOpenSpot', actions: 'closeTooltip' }, { actions: 'openTooltip' }],
        'tooltip.close': { actions: 'closeTooltip' },
      },
    },
  },
});
