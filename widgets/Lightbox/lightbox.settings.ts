import { defineSettings } from '../../runtime/settings';

/** The lightbox's items are content; it takes no settings from attributes. */
export const lightboxSettings = defineSettings('lightbox', {});
