import type { BehaviourRegistry, WidgetRegistry } from '../runtime/widget';
import { SITE_CONFIG_URL } from './DonateButton/site-config-url';

/**
 * Every widget by the name its islands carry in data-widget. Each import is its own chunk, loaded
 * only when an island of that widget hydrates. Folder = PascalCase of the name (checked by a test).
 */
export const widgets: WidgetRegistry = {
  'dosing-filter': () => import('./DosingFilter/widget'),
  'donate-button': () => import('./DonateButton/widget'),
  'media-player': () => import('./MediaPlayer/widget'),
  video: () => import('./Video/widget'),
  'animated-number': () => import('./AnimatedNumber/widget'),
  countdown: () => import('./Countdown/widget'),
  'icon-circles': () => import('./IconCircles/widget'),
  'icon-list': () => import('./IconList/widget'),
  'image-hotspots': () => import('./ImageHotspots/widget'),
  masonry: () => import('./Masonry/widget'),
  'message-box': () => import('./MessageBox/widget'),
  portfolio: () => import('./Portfolio/widget'),
  'progress-bars': () => import('./ProgressBars/widget'),
  'text-rotator': () => import('./TextRotator/widget'),
  tabs: () => import('./Tabs/widget'),
  'layout-tabs': () => import('./LayoutTabs/widget'),
  toggles: () => import('./Toggles/widget'),
  'tab-section': () => import('./TabSection/widget'),
  'magazine-tabs': () => import('./MagazineTabs/widget'),
  'sticky-submenu': () => import('./StickySubmenu/widget'),
  'ajax-form': () => import('./AjaxForm/widget'),
  'ajax-search': () => import('./AjaxSearch/widget'),
  'table-of-contents': () => import('./TableOfContents/widget'),
  slideshow: () => import('./Slideshow/widget'),
  'image-gallery': () => import('./ImageGallery/widget'),
  lightbox: () => import('./Lightbox/widget'),
  carousel: () => import('./Carousel/widget'),
  'accordion-slider': () => import('./AccordionSlider/widget'),
  'horizontal-gallery': () => import('./HorizontalGallery/widget'),
};

/**
 * Widgets that act before the visitor does and answer the visitor's taps and keys as their behaviour
 * alone (no view, no React; issue 14, issue 35 goal 2): their view loads only for the inspector or
 * `hydrateAll()`. A behaviour without `answersInput` acts on its own (a reveal) until the visitor
 * uses the widget, whose view then loads.
 */
export const behaviours: BehaviourRegistry = {
  'image-gallery': { answersInput: true, load: () => import('./ImageGallery/behaviour') },
  masonry: { answersInput: true, load: () => import('./Masonry/behaviour') },
  // Answer a first tap or key themselves, without React (issue 35, goal 2).
  tabs: { answersInput: true, load: () => import('./Tabs/behaviour') },
  toggles: { answersInput: true, load: () => import('./Toggles/behaviour') },
  'layout-tabs': { answersInput: true, load: () => import('./LayoutTabs/behaviour') },
  'message-box': { answersInput: true, load: () => import('./MessageBox/behaviour') },
  'sticky-submenu': { answersInput: true, load: () => import('./StickySubmenu/behaviour') },
  'magazine-tabs': { answersInput: true, load: () => import('./MagazineTabs/behaviour') },
  portfolio: { answersInput: true, load: () => import('./Portfolio/behaviour') },
  'icon-circles': { answersInput: true, load: () => import('./IconCircles/behaviour') },
  'image-hotspots': { answersInput: true, load: () => import('./ImageHotspots/behaviour') },
  'table-of-contents': { answersInput: true, load: () => import('./TableOfContents/behaviour') },
  'dosing-filter': { answersInput: true, load: () => import('./DosingFilter/behaviour') },
  'tab-section': { answersInput: true, load: () => import('./TabSection/behaviour') },
  'ajax-form': { answersInput: true, load: () => import('./AjaxForm/behaviour') },
  'text-rotator': { answersInput: true, load: () => import('./TextRotator/behaviour') },
  'ajax-search': { answersInput: true, load: () => import('./AjaxSearch/behaviour') },
  slideshow: { answersInput: true, load: () => import('./Slideshow/behaviour') },
  'horizontal-gallery': { answersInput: true, load: () => import('./HorizontalGallery/behaviour') },
  lightbox: { answersInput: true, load: () => import('./Lightbox/behaviour') },
  video: { answersInput: true, load: () => import('./Video/behaviour') },
  // Its machine waits for the site's provider (adapters.ts, loadSiteConfig) before it opens the checkout.
  'donate-button': { answersInput: true, load: () => import('./DonateButton/behaviour'), fetches: [SITE_CONFIG_URL] },
  carousel: { answersInput: true, load: () => import('./Carousel/behaviour') },
  'accordion-slider': { answersInput: true, load: () => import('./AccordionSlider/behaviour') },
  'media-player': { answersInput: true, load: () => import('./MediaPlayer/behaviour') },
  // Animate on their own once seen and have no control: a tap on them loads no view either.
  'animated-number': { answersInput: true, load: () => import('./AnimatedNumber/behaviour') },
  countdown: { answersInput: true, load: () => import('./Countdown/behaviour') },
  'progress-bars': { answersInput: true, load: () => import('./ProgressBars/behaviour') },
  'icon-list': { answersInput: true, load: () => import('./IconList/behaviour') },
};
