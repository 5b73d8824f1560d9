import { assign, setup } from 'xstate';

/**
 * The starter's own widget: a rotating tip. It shows one tip of `count`, moves to the next every
 * `intervalMs` while playing (an XState delay, so the one injected clock times it), and the visitor
 * can go to the next tip or pause the rotation. Pure: no timers, no DOM.
 */
export interface GardenTipsInput {
  count: number;
  intervalMs: number;
}

export const gardenTipsMachine = setup({
  types: {} as {
    input: GardenTipsInput;
    context: { index: number; count: number; intervalMs: number };
    events: { type: 'tips.next' } | { type: 'tips.pause' } | { type: 'tips.play' };
  },
  actions: {
    showNext: assign({ index: ({ context }) => (context.index + 1) % context.count }),
  },
  guards: {
    hasMoreThanOne: ({ context }) => context.count > 1,
  },
  delays: {
    interval: ({ context }) => context.intervalMs,
  },
}).createMachine({
  id: 'gardenTips',
  context: ({ input }) => ({ index: 0, count: Math.max(1, input.count), intervalMs: input.intervalMs }),
  initial: 'playing',
  on: {
    'tips.next': { guard: 'hasMoreThanOne', actions: 'showNext' },
  },
  states: {
    playing: {
      after: { interval: { guard: 'hasMoreThanOne', actions: 'showNext', target: 'playing', reenter: true } },
      on: { 'tips.pause': 'paused' },
    },
    paused: {
      on: { 'tips.play': 'playing' },
    },
  },
});
