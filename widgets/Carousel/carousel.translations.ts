/** The carousel's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const carouselTranslations = {
  /** What a screen reader calls the widget and each item (aria-roledescription, WAI-ARIA carousel). */
  carousel: 'carousel',
  slide: 'slide',
  previous: 'Previous',
  next: 'Next',
  /** Each item's name: its position and its title. */
  itemLabel: '{index} of {count}: {title}',
};

export type CarouselTranslations = typeof carouselTranslations;
