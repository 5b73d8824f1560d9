import { not, setup } from 'xstate';

/** §2, §9: the scroll-to-top link appears once the page is scrolled past 500 px. */
export const SHOW_AFTER_PX = 500;

export const scrollTopMachine = setup({
  types: {} as { events: { type: 'page.scroll'; y: number } },
  guards: {
    isPastThreshold: ({ event }) => event.y >= SHOW_AFTER_PX,
  },
}).createMachine({
  id: 'scrollTop',
  initial: 'hidden',
  states: {
    hidden: { on: { 'page.scroll': { guard: 'isPastThreshold', target: 'shown' } } },
    shown: { on: { 'page.scroll': { guard: not('isPastThreshold'), target: 'hidden' } } },
  },
});
