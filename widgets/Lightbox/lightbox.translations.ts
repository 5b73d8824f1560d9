/** The lightbox's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const lightboxTranslations = {
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  loading: 'Loading…',
  /** After the title in a gallery: where this item is among all of them. */
  count: '({index} of {count})',
};

export type LightboxTranslations = typeof lightboxTranslations;
