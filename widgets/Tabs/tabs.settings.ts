import { defineSettings, setting } from '../../runtime/settings';

/** Tabs: `data-initial` is the 1-based tab open at load (a matching hash wins, §2). */
export const tabsSettings = defineSettings('tabs', {
  initial: setting.number(1, { min: 1, integer: true }),
});
