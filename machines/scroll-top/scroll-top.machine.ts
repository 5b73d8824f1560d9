import { not, setup } from 'xstate';

/** §2, §9: the scroll-to-top link appears once the page is scrolled past 500 px. */
export const SHOW_AFTER_PX = 500;

export const buildScrollTopMachine = () =>
  setup({
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

/**
 * The chart, built once, for the tests, the replay's catalog and the coverage report. The page's
 * service builds its own with `buildScrollTopMachine()` as it starts, in a task of its own
 * (runtime/boot.ts): the page's entry builds no chart while it is evaluated (issue 49, goal 2), and
 * the bundler leaves this pure call out of it.
 */
export const scrollTopMachine = /* @__PURE__ */ buildScrollTopMachine();
