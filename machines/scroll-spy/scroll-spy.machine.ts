import { assign, setup } from 'xstate';
import { activeSection, seenSections } from './scroll-spy.rules';

export interface ScrollSpyInput {
  /** Section ids in page order. */
  order: string[];
  /** Sections the page covers until it scrolls off them (in the curtain footer); none when omitted. */
  covered?: string[];
}

type ScrollSpyEvent =
  | { type: 'section.enter'; id: string }
  | { type: 'section.leave'; id: string }
  /** The page's end is above the in-view band's bottom (what it covered shows) or below it. */
  | { type: 'cover.move'; revealed: boolean };

/**
 * Scroll-spy (§2): the menu item whose section is in view is highlighted; a section the page covers
 * counts only once the page has scrolled off it (issue 20.4).
 */
export const buildScrollSpyMachine = () =>
  setup({
    types: {} as {
      input: ScrollSpyInput;
      context: { order: string[]; covered: string[]; revealed: boolean; inView: string[]; active: string | null };
      events: ScrollSpyEvent;
    },
    guards: {
      hasActive: ({ context }) => context.active !== null,
    },
    actions: {
      track: assign(({ context, event }) => {
        const inView =
          event.type === 'section.enter'
            ? [...context.inView.filter((id) => id !== event.id), event.id]
            : event.type === 'section.leave'
              ? context.inView.filter((id) => id !== event.id)
              : context.inView;
        const revealed = event.type === 'cover.move' ? event.revealed : context.revealed;
        return { inView, revealed, active: activeSection(context.order, seenSections(inView, context.covered, revealed)) };
      }),
      highlight: (_, _params: { id: string | null }) => undefined,
    },
  }).createMachine({
    id: 'scrollSpy',
    context: ({ input }) => ({ order: input.order, covered: input.covered ?? [], revealed: false, inView: [], active: null }),
    initial: 'idle',
    on: {
      'section.enter': { target: '.deciding', actions: 'track' },
      'section.leave': { target: '.deciding', actions: 'track' },
      'cover.move': { target: '.deciding', actions: 'track' },
    },
    states: {
      deciding: {
        always: [{ guard: 'hasActive', target: 'highlighting' }, { target: 'idle' }],
      },
      idle: { entry: { type: 'highlight', params: () => ({ id: null }) } },
      highlighting: { entry: { type: 'highlight', params: ({ context }) => ({ id: context.active }) } },
    },
  });

/**
 * The chart, built once, for the tests, the replay's catalog and the coverage report. The page's
 * service builds its own with `buildScrollSpyMachine()` as it starts, in a task of its own
 * (runtime/boot.ts): the page's entry builds no chart while it is evaluated (issue 49, goal 2), and
 * the bundler leaves this pure call out of it.
 */
export const scrollSpyMachine = /* @__PURE__ */ buildScrollSpyMachine();
