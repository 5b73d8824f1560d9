import { defineSettings } from '../../runtime/settings';

/** The gallery's items are content; it takes no settings from attributes. */
export const imageGallerySettings = defineSettings('image-gallery', {});
