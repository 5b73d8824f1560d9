import { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { defineWidget } from '../../runtime/widget';
import { Lightbox, type LightboxContent } from './Lightbox';
import { lightboxAdapters } from './lightbox-adapters';
import { lightboxSettings } from './lightbox.settings';
import { lightboxTranslations } from './lightbox.translations';

export default defineWidget({
  name: 'lightbox',
  settings: lightboxSettings,
  machine: lightboxMachine,
  input: (_settings, content: LightboxContent) => ({ items: content.items }),
  provide: ({ element, clock }) => lightboxAdapters(element, clock),
  translations: lightboxTranslations,
  View: Lightbox,
  // Until the first click the links work as plain links; the click that hydrates is replayed.
  hydrate: 'interaction',
});
