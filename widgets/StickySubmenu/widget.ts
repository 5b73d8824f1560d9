import { fromCallback } from 'xstate';
import { stickySubmenuMachine, type StickySubmenuEvent } from '../../machines/sticky-submenu/sticky-submenu.machine';
import { defineWidget } from '../../runtime/widget';
import { StickySubmenu, type StickySubmenuContent } from './StickySubmenu';
import { stickySubmenuSettings } from './sticky-submenu.settings';

export default defineWidget({
  name: 'sticky-submenu',
  settings: stickySubmenuSettings,
  machine: stickySubmenuMachine,
  input: (_settings, _content: StickySubmenuContent) => undefined,
  provide: ({ element }) => ({
    actors: {
      // The island itself is position: sticky; its distance from the window's top, against its own
      // sticking offset (the header's height above it), says whether it sticks.
      position: fromCallback<StickySubmenuEvent>(({ sendBack }) => {
        const report = () =>
          sendBack({
            type: 'page.scroll',
            top: Math.round(element.getBoundingClientRect().top),
            stickAt: Math.round(Number.parseFloat(getComputedStyle(element).top) || 0),
          });
        window.addEventListener('scroll', report, { passive: true });
        window.addEventListener('resize', report);
        report();
        return () => {
          window.removeEventListener('scroll', report);
          window.removeEventListener('resize', report);
        };
      }),
    },
  }),
  View: StickySubmenu,
  hydrate: 'idle',
});
