import { sliderMachine } from '../../machines/slider/slider.machine';
import { CAROUSEL_PER_VIEW } from '../../machines/slider/slider.rules';
import { defineWidget } from '../../runtime/widget';
import { carouselTranslations } from './carousel.translations';
import { sliderAdapters } from '../Slideshow/slider-adapters';
import { prefersReducedMotion } from '../Slideshow/slider-controls';
import { Carousel, type CarouselContent } from './Carousel';
import { carouselSettings } from './carousel.settings';

export default defineWidget({
  name: 'carousel',
  settings: carouselSettings,
  machine: sliderMachine,
  input: (settings, content: CarouselContent) => ({
    count: content.items.length,
    initial: 0,
    perView: CAROUSEL_PER_VIEW,
    autoplay: settings.autoplay,
    intervalMs: settings.interval * 1000,
    loopAutoplay: settings.loop_autoplay,
    loopManual: settings.loop_manual,
    transitionMs: prefersReducedMotion() ? 0 : settings.transitionSpeed,
    manualStopsAutoplay: false,
  }),
  translations: carouselTranslations,
  provide: ({ element }) => sliderAdapters(element),
  View: Carousel,
  hydrate: 'visible',
});
