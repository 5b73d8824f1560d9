import { setup } from 'xstate';

/** §9: the sticky header's transparency ends after 50 px of scroll. */
export const TRANSPARENT_UNTIL_PX = 50;

/**
 * Sticky header (§1, reference notes): full height and transparent at the top, shrunk to half its
 * height while scrolled, and opaque once past 50 px.
 */
export const buildStickyHeaderMachine = () =>
  setup({
    types: {} as { events: { type: 'page.scroll'; y: number } },
    guards: {
      isPastTransparency: ({ event }) => event.y > TRANSPARENT_UNTIL_PX,
      isAtTop: ({ event }) => event.y <= 0,
    },
  }).createMachine({
    id: 'stickyHeader',
    initial: 'top',
    on: {
      'page.scroll': [
        { guard: 'isPastTransparency', target: '.solid' },
        { guard: 'isAtTop', target: '.top' },
        { target: '.shrunk' },
      ],
    },
    states: {
      top: {},
      shrunk: {},
      solid: {},
    },
  });

/**
 * The chart, built once, for the tests, the replay's catalog and the coverage report. The page's
 * service builds its own with `buildStickyHeaderMachine()` as it starts, in a task of its own
 * (runtime/boot.ts): the page's entry builds no chart while it is evaluated (issue 49, goal 2), and
 * the bundler leaves this pure call out of it.
 */
export const stickyHeaderMachine = /* @__PURE__ */ buildStickyHeaderMachine();
