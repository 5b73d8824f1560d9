import { defineSettings, setting } from '../../runtime/settings';

/** Layout tabs: `data-initial` is the 1-based tab open at load (a matching hash wins, §2). */
export const layoutTabsSettings = defineSettings('layout-tabs', {
  initial: setting.number(1, { min: 1, integer: true }),
});
