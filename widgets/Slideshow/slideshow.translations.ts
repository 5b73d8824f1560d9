/** The slideshow's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const slideshowTranslations = {
  /** What a screen reader calls the widget and each slide (aria-roledescription, WAI-ARIA carousel). */
  carousel: 'carousel',
  slide: 'slide',
  /** The rotation control, while the slides rotate and while they do not. */
  stopRotation: 'Stop automatic slide show',
  startRotation: 'Start automatic slide show',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  /** Each slide's name: its position and its title. */
  slideLabel: '{index} of {count}: {title}',
  /** The group of picker dots, and each dot. */
  picker: 'Choose a slide',
  pickSlide: 'Slide {index}: {title}',
};

export type SlideshowTranslations = typeof slideshowTranslations;
