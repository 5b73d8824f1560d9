import { assign, setup } from 'xstate';
import { frameCount, frameValue } from './animated-number.rules';

/** §3, §9: the count runs 3000 ms unless the timer setting says otherwise. */
export const DEFAULT_DURATION_MS = 3000;
/** §9: one frame every 32 ms. */
export const FRAME_STEP_MS = 32;

export interface AnimatedNumberInput {
  number: number;
  startFrom: number;
  durationMs: number;
}

export interface AnimatedNumberContext {
  from: number;
  to: number;
  frames: number;
  frame: number;
  value: number;
}

export type AnimatedNumberEvent = { type: 'view.enter'; reducedMotion: boolean };

/**
 * §3 Animated number: waits for its waypoint, then counts from start_from to the number in
 * frames of 32 ms over the timer. Reduced motion shows the final number at once.
 */
export const animatedNumberMachine = setup({
  types: {} as { context: AnimatedNumberContext; input: AnimatedNumberInput; events: AnimatedNumberEvent },
  delays: { frameStep: FRAME_STEP_MS },
  guards: {
    prefersReducedMotion: ({ event }) => event.reducedMotion,
    isLastFrame: ({ context }) => context.frame >= context.frames,
  },
  actions: {
    showStart: assign(({ context }) => ({ frame: 0, value: context.from })),
    nextFrame: assign(({ context }) => {
      const frame = context.frame + 1;
      return { frame, value: frameValue(context.from, context.to, frame, context.frames) };
    }),
    showFinal: assign(({ context }) => ({ frame: context.frames, value: context.to })),
  },
}).createMachine({
  id: 'animatedNumber',
  context: ({ input }) => ({
    from: input.startFrom,
    to: input.number,
    frames: frameCount(input.durationMs, FRAME_STEP_MS),
    frame: 0,
    value: input.number,
  }),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'view.enter': [
          { guard: 'prefersReducedMotion', target: 'done', actions: 'showFinal' },
          { target: 'counting', actions: 'showStart' },
        ],
      },
    },
    counting: {
      always: { guard: 'isLastFrame', target: 'done' },
      after: { frameStep: { target: 'counting', reenter: true, actions: 'nextFrame' } },
    },
    done: {},
  },
});
