import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Slideshow } from './Slideshow';
import { slideshowTranslations } from './slideshow.translations';

export default defineWidget({ ...behaviour, translations: slideshowTranslations, View: Slideshow });
