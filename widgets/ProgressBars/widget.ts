import { progressBarsMachine } from '../../machines/progress-bars/progress-bars.machine';
import { defineSettings } from '../../runtime/settings';
import { defineWidget } from '../../runtime/widget';
import { ProgressBars, type ProgressBarsContent } from './ProgressBars';

export const progressBarsSettings = defineSettings('progress-bars', {});

export default defineWidget({
  name: 'progress-bars',
  settings: progressBarsSettings,
  machine: progressBarsMachine,
  input: (_s, content: ProgressBarsContent) => ({ count: content.bars.length }),
  View: ProgressBars,
});
