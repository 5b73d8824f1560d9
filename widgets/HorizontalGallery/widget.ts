import { sliderMachine } from '../../machines/slider/slider.machine';
import { DEFAULT_TRANSITION_MS, horizontalInitial } from '../../machines/slider/slider.rules';
import { defineWidget } from '../../runtime/widget';
import { horizontalGalleryTranslations } from './horizontal-gallery.translations';
import { sliderAdapters } from '../Slideshow/slider-adapters';
import { prefersReducedMotion } from '../Slideshow/slider-controls';
import { HorizontalGallery, type HorizontalGalleryContent } from './HorizontalGallery';
import { horizontalGallerySettings } from './horizontal-gallery.settings';

export default defineWidget({
  name: 'horizontal-gallery',
  settings: horizontalGallerySettings,
  machine: sliderMachine,
  input: (settings, content: HorizontalGalleryContent) => ({
    count: content.items.length,
    initial: horizontalInitial(settings.initial, content.items.length),
    autoplay: settings.autoplay,
    intervalMs: settings.interval * 1000,
    loopAutoplay: settings.loop_autoplay,
    loopManual: settings.loop_manual,
    transitionMs: prefersReducedMotion() ? 0 : DEFAULT_TRANSITION_MS,
    manualStopsAutoplay: false,
  }),
  translations: horizontalGalleryTranslations,
  provide: ({ element }) => sliderAdapters(element),
  View: HorizontalGallery,
  hydrate: 'visible',
});
