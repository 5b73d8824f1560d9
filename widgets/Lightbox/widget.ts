import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Lightbox } from './Lightbox';
import { lightboxTranslations } from './lightbox.translations';

export default defineWidget({ ...behaviour, translations: lightboxTranslations, View: Lightbox });
