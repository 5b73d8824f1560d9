import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { ProgressBars } from './ProgressBars';

export { progressBarsSettings } from './behaviour';

/** The progress bars: their behaviour (which reveals them without React, behaviour.ts) and their view. */
export default defineWidget({ ...behaviour, View: ProgressBars });
