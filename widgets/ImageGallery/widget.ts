import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { ImageGallery } from './ImageGallery';
import { lightboxTranslations } from '../Lightbox/lightbox.translations';

export default defineWidget({ ...behaviour, translations: lightboxTranslations, View: ImageGallery });
