import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { ImageGallery } from './ImageGallery';
import { imageGalleryTranslations } from './image-gallery.translations';

export default defineWidget({ ...behaviour, translations: imageGalleryTranslations, View: ImageGallery });
