import type { WidgetRegistry } from '../runtime/widget';

/**
 * Every widget by the name its islands carry in data-widget. Each import is its own chunk, loaded
 * only when an island of that widget hydrates. Folder = PascalCase of the name (checked by a test).
 */
export const widgets: WidgetRegistry = {
  'dosing-filter': () => import('./DosingFilter/widget'),
  slideshow: () => import('./Slideshow/widget'),
  'image-gallery': () => import('./ImageGallery/widget'),
  lightbox: () => import('./Lightbox/widget'),
  carousel: () => import('./Carousel/widget'),
  'accordion-slider': () => import('./AccordionSlider/widget'),
  'horizontal-gallery': () => import('./HorizontalGallery/widget'),
};
