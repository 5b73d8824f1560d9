import { defineSettings, setting } from '../../runtime/settings';

/**
 * Tab section: `data-initial` is the 1-based tab open at load (a matching fragment wins, §2);
 * `data-auto-height` makes the content take the active tab's height (§4).
 */
export const tabSectionSettings = defineSettings('tab-section', {
  initial: setting.number(1, { min: 1, integer: true }),
  autoHeight: setting.boolean(false),
});
