import { defineSettings } from '../../runtime/settings';

/** The sticky sub-menu takes its links as content; no attribute settings. */
export const stickySubmenuSettings = defineSettings('sticky-submenu', {});
