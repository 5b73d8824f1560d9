import { defineSettings, setting } from 'sitecharts/runtime';

/** How the page configures a tip rotator: `data-interval` in seconds (out of range: the default, with one warning). */
export const gardenTipsSettings = defineSettings('garden-tips', {
  interval: setting.number(8, { min: 2, max: 60 }),
});
