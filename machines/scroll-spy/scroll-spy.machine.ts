import { assign, setup } from 'xstate';
import { activeSection } from './scroll-spy.rules';

export interface ScrollSpyInput {
  /** Section ids in page order. */
  order: string[];
}

type ScrollSpyEvent = { type: 'section.enter'; id: string } | { type: 'section.leave'; id: string };

/** Scroll-spy (§2): the menu item whose section is in view is highlighted. */
export const scrollSpyMachine = setup({
  types: {} as {
    input: ScrollSpyInput;
    context: { order: string[]; inView: string[]; active: string | null };
    events: ScrollSpyEvent;
  },
  guards: {
    hasActive: ({ context }) => context.active !== null,
  },
  actions: {
    track: assign(({ context, event }) => {
      const inView = event.type === 'section.enter'
        ? [...context.inView.filter((id) => id !== event.id), event.id]
        : context.inView.filter((id) => id !== event.id);
      return { inView, active: activeSection(context.order, inView) };
    }),
    highlight: (_, _params: { id: string | null }) => undefined,
  },
}).createMachine({
  id: 'scrollSpy',
  context: ({ input }) => ({ order: input.order, inView: [], active: null }),
  initial: 'idle',
  on: {
    'section.enter': { target: '.deciding', actions: 'track' },
    'section.leave': { target: '.deciding', actions: 'track' },
  },
  states: {
    deciding: {
      always: [{ guard: 'hasActive', target: 'highlighting' }, { target: 'idle' }],
    },
    idle: { entry: { type: 'highlight', params: () => ({ id: null }) } },
    highlighting: { entry: { type: 'highlight', params: ({ context }) => ({ id: context.active }) } },
  },
});
