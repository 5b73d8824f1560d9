import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { IconCircles } from './IconCircles';

export { iconCirclesSettings } from './behaviour';

/** The icon circles: their behaviour (which answers without React, behaviour.ts) and their view. */
export default defineWidget({ ...behaviour, View: IconCircles });
