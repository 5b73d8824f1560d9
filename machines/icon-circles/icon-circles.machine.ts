import { assign, setup } from 'xstate';

/** §9: the circles' entry animation is finished after 2000 ms … */
export const ANIMATION_MS = 2000;
/** … and the first icon becomes active a further 800 ms later. */
export const FIRST_ACTIVE_MS = 800;

export interface IconCirclesInput {
  count: number;
}

export interface IconCirclesContext {
  count: number;
  /** The icon whose text shows in the centre, or null before the first is active. */
  active: number | null;
}

export type IconCirclesEvent = { type: 'view.enter'; reducedMotion: boolean } | { type: 'item.activate'; index: number };

/**
 * §1, §9 Icon circles: icons placed around a circle animate in once in view; when that is done
 * the first one becomes active, and hovering, focusing or clicking an icon makes it active.
 */
export const iconCirclesMachine = setup({
  types: {} as { context: IconCirclesContext; input: IconCirclesInput; events: IconCirclesEvent },
  delays: { animation: ANIMATION_MS, firstActive: FIRST_ACTIVE_MS },
  guards: {
    showsAtOnce: ({ event }) => event.type === 'view.enter' && event.reducedMotion,
    isKnownItem: ({ context, event }) => event.type === 'item.activate' && event.index >= 0 && event.index < context.count,
  },
  actions: {
    activateFirst: assign(({ context }) => ({ active: context.count > 0 ? 0 : null })),
    activateItem: assign(({ event }) => (event.type === 'item.activate' ? { active: event.index } : {})),
  },
}).createMachine({
  id: 'iconCircles',
  context: ({ input }) => ({ count: input.count, active: null }),
  initial: 'waiting',
  states: {
    waiting: {
      on: { 'view.enter': [{ guard: 'showsAtOnce', target: 'active', actions: 'activateFirst' }, { target: 'animating' }] },
    },
    animating: { after: { animation: 'finished' } },
    finished: { after: { firstActive: { target: 'active', actions: 'activateFirst' } } },
    active: { on: { 'item.activate': { guard: 'isKnownItem', actions: 'activateItem' } } },
  },
});
