import { setup } from 'xstate';

/** §9: parallax is applied 50 ms after load. */
export const POSITION_DELAY_MS = 50;

export interface ParallaxInput {
  /** §9: non-mobile browsers only. */
  isMobile: boolean;
  /** Off under prefers-reduced-motion. */
  reducedMotion: boolean;
}

type ParallaxEvent = { type: 'page.scroll'; y: number } | { type: 'page.resize' };

/**
 * Parallax sections (§1, §4 Page flags, §9): positioned 50 ms after load on non-mobile browsers,
 * then marked enabled and moved on every scroll; never on mobile or under reduced motion.
 */
export const parallaxMachine = setup({
  types: {} as { input: ParallaxInput; context: ParallaxInput; events: ParallaxEvent },
  guards: {
    mayMove: ({ context }) => !context.isMobile && !context.reducedMotion,
  },
  actions: {
    measureSections: () => undefined,
    markEnabled: () => undefined,
    applyOffsets: () => undefined,
  },
  delays: { positionDelay: POSITION_DELAY_MS },
}).createMachine({
  id: 'parallax',
  context: ({ input }) => ({ ...input }),
  initial: 'waiting',
  states: {
    waiting: {
      after: { positionDelay: [{ guard: 'mayMove', target: 'positioned' }, { target: 'off' }] },
    },
    positioned: {
      entry: ['measureSections', 'applyOffsets', 'markEnabled'],
      on: {
        'page.scroll': { actions: 'applyOffsets' },
        'page.resize': { actions: ['measureSections', 'applyOffsets'] },
      },
    },
    off: {},
  },
});
