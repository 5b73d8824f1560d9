import { defineWidget } from 'sitecharts/runtime';
import { GardenTips, type GardenTipsContent } from './GardenTips';
import { gardenTipsMachine } from './garden-tips.machine';
import { gardenTipsSettings } from './garden-tips.settings';

/** The starter's own widget, registered in ../../widgets.ts (the site's widget registry). */
export default defineWidget({
  name: 'garden-tips',
  settings: gardenTipsSettings,
  machine: gardenTipsMachine,
  input: (settings, content: GardenTipsContent) => ({ count: content.tips.length, intervalMs: settings.interval * 1000 }),
  View: GardenTips,
  hydrate: 'visible',
});
