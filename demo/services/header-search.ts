import type { PageService } from '../../runtime/services';

/**
 * The header's search button (issue 19). The panel is a native popover, so opening, closing on a
 * click outside and on Escape, and the expanded state the button reports are the browser's, with or
 * without JS; this binding only moves focus into the field when the panel opens, and lets Escape
 * close it from the field once the live results are closed (the field's first Escape resets them).
 */
export const headerSearch: PageService = {
  name: 'header-search',
  starts: 'after-boot',
  start({ document }) {
    const panel = document.querySelector<HTMLElement>('#site-search[popover]');
    const toggle = document.querySelector<HTMLElement>('[popovertarget="site-search"]');
    if (!panel || !toggle || typeof panel.showPopover !== 'function') return () => undefined;
    const field = () => panel.querySelector<HTMLInputElement>('input[type="search"]');
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') field()?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || field()?.getAttribute('aria-expanded') === 'true') return;
      panel.hidePopover();
      toggle.focus();
    };
    panel.addEventListener('toggle', onToggle);
    // Capture: judged before the field's own handler closes the results.
    panel.addEventListener('keydown', onKeyDown, true);
    return () => {
      panel.removeEventListener('toggle', onToggle);
      panel.removeEventListener('keydown', onKeyDown, true);
    };
  },
};
