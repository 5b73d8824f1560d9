import { imageGalleryMachine } from '../../machines/image-gallery/image-gallery.machine';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { defineBehaviour } from '../../runtime/widget';
import { lightboxAdapters } from '../Lightbox/lightbox-adapters';
import { prefersReducedMotion } from '../Slideshow/slide-media';
import type { ImageGalleryContent } from './ImageGallery';
import { imageGallerySettings } from './image-gallery.settings';

/**
 * The image gallery without its view: the thumbnails' stagger (§9) runs from the moment the gallery
 * is seen, drawn on the prerendered thumbnails by `bind`; React and the view load when the visitor
 * uses the gallery (issue 14).
 */
export default defineBehaviour({
  name: 'image-gallery',
  settings: imageGallerySettings,
  machine: imageGalleryMachine,
  input: (_settings, content: ImageGalleryContent) => ({
    items: content.items.map((item) => ({ url: item.image.src, title: item.caption, alt: item.image.alt })),
    previewLinks: content.items.map((item) => item.previewLink ?? null),
    stagger: !prefersReducedMotion(),
  }),
  provide: ({ element, clock }) => ({
    actors: { lightbox: lightboxMachine.provide(lightboxAdapters(element, clock)) },
    actions: {
      openInNewWindow: (_, { href }) => void window.open(href, '_blank', 'noopener'),
      openInSameWindow: (_, { href }) => window.location.assign(href),
    },
  }),
  // The same class the view draws (ImageGallery.tsx), so the view takes over without a change.
  bind: (element, snapshot) => {
    element.querySelectorAll('.image-gallery__thumb').forEach((thumb, index) => thumb.classList.toggle('is-revealed', index < snapshot.context.revealed));
  },
  // Issue 31 item 20: hovering a thumbnail previews it (image-gallery.connect.ts) before the view has
  // loaded too. A hover is not an interaction that hydrates an island, so the behaviour's actor hears
  // it here; the changed selection then brings the view, which shows it. A pointer already resting on
  // a thumbnail when the behaviour starts counts as a hover.
  connect: (element, actor) => {
    const thumbs = [...element.querySelectorAll<HTMLAnchorElement>('.image-gallery__thumb a')];
    const preview = (thumb: Element | null) => {
      const index = thumb instanceof HTMLAnchorElement ? thumbs.indexOf(thumb) : -1;
      if (index >= 0) actor.send({ type: 'preview.select', index });
    };
    preview(element.querySelector('.image-gallery__thumb a:hover'));
    const onOver = (event: Event) => preview(event.target instanceof Element ? event.target.closest('.image-gallery__thumb a') : null);
    element.addEventListener('mouseover', onOver);
    return () => element.removeEventListener('mouseover', onOver);
  },
  viewNeeded: (now, prerendered) => now.context.selected !== prerendered.context.selected,
  hydrate: 'visible',
});
