import { setup } from 'xstate';
import { burgerSwitchWidth, isBurgerHidden } from './burger-menu.rules';

/** Reference notes: the second "open" marker follows the overlay's fade-in by 100 ms. */
export const OPEN_MARKER_DELAY_MS = 100;
/** Reference notes: first-level items appear staggered by 125 ms each. */
export const ITEM_STAGGER_MS = 125;
/** Not in the spec: the overlay's fade-out before it is gone (matches the CSS transition). */
export const CLOSE_FADE_MS = 300;

export interface BurgerMenuInput {
  isPhone: boolean;
  itemCount: number;
}

type BurgerMenuEvent =
  | { type: 'menu.toggle' }
  | { type: 'menu.dismiss' }
  | { type: 'focus.leave' }
  | { type: 'page.resize'; width: number }
  | { type: 'scroll.start' };

/**
 * Burger overlay menu (§4 Burger menu): closed, opening, open, closing. Clicks on the burger are
 * ignored while an animation runs; it closes when the viewport resizes and the burger is hidden, when
 * a smooth scroll starts, when keyboard focus leaves it (WAI-ARIA disclosure navigation), and on
 * Escape (which returns focus to the burger). The page behind it does not scroll while it shows.
 */
export const buildBurgerMenuMachine = () =>
  setup({
    types: {} as { input: BurgerMenuInput; context: { switchWidth: number; itemCount: number }; events: BurgerMenuEvent },
    guards: {
      isBurgerHidden: ({ context, event }) => event.type === 'page.resize' && isBurgerHidden(event.width, context.switchWidth),
    },
    actions: {
      lockPageScroll: () => undefined,
      unlockPageScroll: () => undefined,
      returnFocus: () => undefined,
    },
    delays: {
      openMarkerDelay: OPEN_MARKER_DELAY_MS,
      itemStagger: ({ context }) => context.itemCount * ITEM_STAGGER_MS,
      closeFade: CLOSE_FADE_MS,
    },
  }).createMachine({
    id: 'burgerMenu',
    context: ({ input }) => ({ switchWidth: burgerSwitchWidth(input.isPhone), itemCount: Math.max(0, input.itemCount) }),
    initial: 'closed',
    states: {
      closed: {
        on: { 'menu.toggle': 'opening' },
      },
      opening: {
        entry: 'lockPageScroll',
        initial: 'fading',
        states: {
          fading: { after: { openMarkerDelay: 'staggering' } },
          staggering: { after: { itemStagger: '#burgerMenu.open' } },
        },
        on: {
          'menu.dismiss': { target: 'closing', actions: 'returnFocus' },
          'focus.leave': 'closing',
          'scroll.start': 'closing',
          'page.resize': { guard: 'isBurgerHidden', target: 'closing' },
        },
      },
      open: {
        on: {
          'menu.toggle': 'closing',
          'menu.dismiss': { target: 'closing', actions: 'returnFocus' },
          'focus.leave': 'closing',
          'scroll.start': 'closing',
          'page.resize': { guard: 'isBurgerHidden', target: 'closing' },
        },
      },
      closing: {
        // Unlocked as soon as it starts closing, so a smooth scroll that closed it can move the page.
        entry: 'unlockPageScroll',
        after: { closeFade: 'closed' },
      },
    },
  });

/**
 * The chart, built once, for the tests, the replay's catalog and the coverage report. The page's
 * service builds its own with `buildBurgerMenuMachine()` as it starts, in a task of its own
 * (runtime/boot.ts): the page's entry builds no chart while it is evaluated (issue 49, goal 2), and
 * the bundler leaves this pure call out of it.
 */
export const burgerMenuMachine = /* @__PURE__ */ buildBurgerMenuMachine();
