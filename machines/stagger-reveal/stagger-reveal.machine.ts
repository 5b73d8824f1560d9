import { assign, setup } from 'xstate';

export interface StaggerRevealInput {
  count: number;
}

export interface StaggerRevealContext {
  count: number;
  /** How many items (from the first) are shown. */
  revealed: number;
}

export type StaggerRevealEvent = { type: 'view.enter'; reducedMotion: boolean };

/**
 * §9 staggers: once the waypoint is reached, items appear one by one, the first after `firstItem`
 * and each next one `nextItem` later. Reduced motion shows them all at once. The widgets that
 * use it (icon list, image hotspots, progress bars) provide their own two delays.
 */
export const staggerRevealMachine = setup({
  types: {} as { context: StaggerRevealContext; input: StaggerRevealInput; events: StaggerRevealEvent },
  delays: { firstItem: 0, nextItem: 0 },
  guards: {
    showsAtOnce: ({ context, event }) => event.reducedMotion || context.count === 0,
    isAllRevealed: ({ context }) => context.revealed >= context.count,
  },
  actions: {
    revealNext: assign(({ context }) => ({ revealed: Math.min(context.count, context.revealed + 1) })),
    revealAll: assign(({ context }) => ({ revealed: context.count })),
  },
}).createMachine({
  id: 'staggerReveal',
  context: ({ input }) => ({ count: input.count, revealed: 0 }),
  initial: 'waiting',
  states: {
    waiting: {
      on: { 'view.enter': [{ guard: 'showsAtOnce', target: 'done', actions: 'revealAll' }, { target: 'starting' }] },
    },
    starting: { after: { firstItem: { target: 'revealing', actions: 'revealNext' } } },
    revealing: {
      always: { guard: 'isAllRevealed', target: 'done' },
      after: { nextItem: { target: 'revealing', reenter: true, actions: 'revealNext' } },
    },
    done: {},
  },
});
