import { iconCirclesMachine } from '../../machines/icon-circles/icon-circles.machine';
import { defineSettings } from '../../runtime/settings';
import { defineWidget } from '../../runtime/widget';
import { IconCircles, type IconCirclesContent } from './IconCircles';

export const iconCirclesSettings = defineSettings('icon-circles', {});

export default defineWidget({
  name: 'icon-circles',
  settings: iconCirclesSettings,
  machine: iconCirclesMachine,
  input: (_s, content: IconCirclesContent) => ({ count: content.items.length }),
  View: IconCircles,
});
