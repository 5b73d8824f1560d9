import { defineSettings, setting } from '../../runtime/settings';

/**
 * Toggles: `data-close-all` turns on §4's 'close all' mode; `data-initial` is the 1-based toggle
 * open at load, 0 for none (a matching hash wins, §2).
 */
export const togglesSettings = defineSettings('toggles', {
  closeAll: setting.boolean(false),
  initial: setting.number(0, { min: 0, integer: true }),
});
