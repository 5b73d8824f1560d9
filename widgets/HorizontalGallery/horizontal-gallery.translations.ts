/** The horizontal gallery's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const horizontalGalleryTranslations = {
  /** What a screen reader calls the widget (aria-roledescription, WAI-ARIA carousel). */
  carousel: 'carousel',
  previous: 'Previous',
  next: 'Next',
};

export type HorizontalGalleryTranslations = typeof horizontalGalleryTranslations;
