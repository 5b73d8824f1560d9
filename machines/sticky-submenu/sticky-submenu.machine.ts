import { fromCallback, not, setup } from 'xstate';

/**
 * §1 Sticky sub-menu: a section's own menu that sticks to the top of the viewport (below the sticky
 * header, where one sticks: issue 20.2) once the page scrolls past it, and (on narrow screens) folds into a "Menu" button that opens and closes it.
 * Following one of its links closes the folded menu. The `position` adapter tells the machine
 * where the menu's resting place is relative to the top of the viewport.
 */
export type StickySubmenuEvent =
  /**
   * The page scrolled or resized: `top` is the menu's distance from the top of the viewport, px;
   * `stickAt` is where it sticks (the sticky header's height above it; 0 when omitted).
   */
  | { type: 'page.scroll'; top: number; stickAt?: number }
  | { type: 'menu.toggle' }
  | { type: 'menu.follow' }
  | { type: 'menu.close' };

export const stickySubmenuMachine = setup({
  types: {} as { events: StickySubmenuEvent },
  guards: {
    isScrolledPast: ({ event }) => event.type === 'page.scroll' && event.top <= (event.stickAt ?? 0),
  },
  actors: {
    /** Adapter: sends `page.scroll` on scroll and resize, and once at start. */
    position: fromCallback<StickySubmenuEvent>(() => () => {}),
  },
}).createMachine({
  id: 'stickySubmenu',
  // The runtime starts the actor once its view has hydrated: the position adapter reports at once.
  invoke: { src: 'position' },
  type: 'parallel',
  states: {
    placement: {
      initial: 'inline',
      states: {
        inline: { on: { 'page.scroll': { guard: 'isScrolledPast', target: 'stuck' } } },
        stuck: { on: { 'page.scroll': { guard: not('isScrolledPast'), target: 'inline' } } },
      },
    },
    menu: {
      initial: 'closed',
      states: {
        closed: { on: { 'menu.toggle': 'open' } },
        open: { on: { 'menu.toggle': 'closed', 'menu.follow': 'closed', 'menu.close': 'closed' } },
      },
    },
  },
});
