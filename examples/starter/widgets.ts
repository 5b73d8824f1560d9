import type { WidgetRegistry } from 'sitecharts/runtime';

/** The site's own widgets by name, each its own lazy chunk: client.ts boots with them, site.config.ts lists them. */
export const widgets: WidgetRegistry = {
  'garden-tips': () => import('./widgets/GardenTips/widget'),
};
