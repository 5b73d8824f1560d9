import { imageGalleryMachine } from '../../machines/image-gallery/image-gallery.machine';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { defineWidget } from '../../runtime/widget';
import { lightboxAdapters } from '../Lightbox/lightbox-adapters';
import { prefersReducedMotion } from '../Slideshow/slider-controls';
import { ImageGallery, type ImageGalleryContent } from './ImageGallery';
import { imageGallerySettings } from './image-gallery.settings';

export default defineWidget({
  name: 'image-gallery',
  settings: imageGallerySettings,
  machine: imageGalleryMachine,
  input: (_settings, content: ImageGalleryContent) => ({
    items: content.items.map((item) => ({ url: item.image.src, title: item.caption, alt: item.image.alt })),
    previewLinks: content.items.map((item) => item.previewLink ?? null),
    stagger: !prefersReducedMotion(),
  }),
  provide: ({ element }) => ({
    actors: { lightbox: lightboxMachine.provide(lightboxAdapters(element)) },
    actions: {
      openInNewWindow: (_, { href }) => void window.open(href, '_blank', 'noopener'),
      openInSameWindow: (_, { href }) => window.location.assign(href),
    },
  }),
  View: ImageGallery,
  hydrate: 'visible',
});
