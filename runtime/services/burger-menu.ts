import { createActor } from 'xstate';
import { buildBurgerMenuMachine } from '../../machines/burger-menu/burger-menu.machine';
import { FLAG } from '../device';
import { pageScroll } from '../page-scroll';
import type { PageService } from '../services';
import { SCROLL_START_EVENT } from './events';
import { pageActorId } from '../ids';

/** The class on <html> that stops the page behind the overlay from scrolling. */
export const SCROLL_LOCK_CLASS = 'sc-scroll-locked';

/**
 * Burger overlay menu (§4, WAI-ARIA disclosure navigation): the button's aria-expanded and the
 * header's `data-menu` (closed, opening, open, closing) follow the machine; `data-menu-items`
 * turns on 100 ms after the overlay starts to fade in, and each first-level item's `--i` staggers it.
 */
export const burgerMenu: PageService = {
  name: 'burger-menu',
  start({ document, window, clock, inspect }) {
    const button = document.querySelector<HTMLButtonElement>('[data-burger]');
    const header = button?.closest<HTMLElement>('[data-sticky-header]') ?? document.querySelector<HTMLElement>('header');
    const menu = document.querySelector<HTMLElement>('[data-main-menu]');
    if (!button || !header || !menu) return () => undefined;
    const items = [...menu.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
    items.forEach((item, index) => item.style.setProperty('--i', String(index)));

    const root = document.documentElement;
    const actor = createActor(
      buildBurgerMenuMachine().provide({
        actions: {
          lockPageScroll: () => root.classList.add(SCROLL_LOCK_CLASS),
          unlockPageScroll: () => root.classList.remove(SCROLL_LOCK_CLASS),
          returnFocus: () => button.focus(),
        },
      }),
      { input: { isPhone: root.classList.contains(FLAG.mobile), itemCount: items.length }, id: pageActorId('burger-menu'), clock, inspect },
    ).start();

    // Each attribute is written only when it changes: focus moving anywhere on the page is an event
    // for the machine (focus.leave, below), and an attribute written again with the value it has
    // still makes the browser restyle what the header's CSS selects by it, in the visitor's tap.
    const write = (element: HTMLElement, name: string, value: string) => {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    };
    const render = () => {
      const snapshot = actor.getSnapshot();
      const state = typeof snapshot.value === 'string' ? snapshot.value : 'opening';
      const expanded = snapshot.matches('opening') || snapshot.matches('open');
      write(header, 'data-menu', state);
      write(header, 'data-menu-items', snapshot.matches({ opening: 'staggering' }) || snapshot.matches('open') ? 'shown' : 'hidden');
      write(button, 'aria-expanded', String(expanded));
    };
    const subscription = actor.subscribe(render);
    render();

    const onClick = () => actor.send({ type: 'menu.toggle' });
    const onKeydown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && (actor.getSnapshot().matches('open') || actor.getSnapshot().matches('opening'))) {
        actor.send({ type: 'menu.dismiss' });
      }
    };
    const onScrollStart = () => actor.send({ type: 'scroll.start' });
    // Focus moving past the last item (or anywhere else) closes it, so nothing focused hides under the overlay.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof Node && !button.contains(target) && !menu.contains(target)) actor.send({ type: 'focus.leave' });
    };
    button.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeydown);
    document.addEventListener(SCROLL_START_EVENT, onScrollStart);
    document.addEventListener('focusin', onFocusIn);
    const unsubscribe = pageScroll(window).subscribe(({ width }, { resized }) => resized && actor.send({ type: 'page.resize', width }));
    return () => {
      unsubscribe();
      button.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeydown);
      document.removeEventListener(SCROLL_START_EVENT, onScrollStart);
      document.removeEventListener('focusin', onFocusIn);
      subscription.unsubscribe();
      actor.stop();
      root.classList.remove(SCROLL_LOCK_CLASS);
    };
  },
};
