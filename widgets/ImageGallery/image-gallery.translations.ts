import { lightboxTranslations } from '../Lightbox/lightbox.translations';

/** The image gallery's own labels, in English, and its lightbox's (runtime/translations.ts lays the page's language over them). */
export const imageGalleryTranslations = {
  ...lightboxTranslations,
  /** The big preview's link: it opens the lightbox, or its own address ({href}), maybe in a new window. */
  viewLarger: '{caption}: view larger',
  opens: '{caption} (opens {href})',
  opensNewWindow: '{caption} (opens {href} in a new window)',
};

export type ImageGalleryTranslations = typeof imageGalleryTranslations;
