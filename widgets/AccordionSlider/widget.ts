import { sliderMachine } from '../../machines/slider/slider.machine';
import { defineWidget } from '../../runtime/widget';
import { sliderAdapters } from '../Slideshow/slider-adapters';
import { AccordionSlider, type AccordionSliderContent } from './AccordionSlider';
import { accordionSliderSettings } from './accordion-slider.settings';

export default defineWidget({
  name: 'accordion-slider',
  settings: accordionSliderSettings,
  machine: sliderMachine,
  input: (settings, content: AccordionSliderContent) => ({
    count: content.panels.length,
    initial: 0,
    autoplay: settings.autoplay,
    intervalMs: settings.interval * 1000,
    loopAutoplay: settings.loop_autoplay,
    loopManual: 'once' as const,
    // The panel follows the pointer at once; CSS animates the widths, so nothing blocks a sweep.
    transitionMs: 0,
    // Hovering is not a manual takeover: it holds autoplay while the pointer is there.
    manualStopsAutoplay: false,
  }),
  provide: ({ element }) => sliderAdapters(element),
  View: AccordionSlider,
  hydrate: 'visible',
});
