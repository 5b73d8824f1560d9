import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { imageGalleryMachine } from '../../machines/image-gallery/image-gallery.machine';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { drawProps, drawText, listenTo } from '../../runtime/connect';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { lightboxAdapters } from '../Lightbox/lightbox-adapters';
import { connectLightbox } from '../Lightbox/lightbox.connect';
import { drawLightboxDialog, listenToLightboxDialog } from '../Lightbox/lightbox.dom';
import { lightboxTranslations } from '../Lightbox/lightbox.translations';
import { prefersReducedMotion } from '../Slideshow/slide-media';
import type { ImageGalleryContent } from './ImageGallery';
import { connectImageGallery } from './image-gallery.connect';
import { imageGallerySettings } from './image-gallery.settings';
import { imageGalleryTranslations } from './image-gallery.translations';

/** The island's own markup, as ImageGallery.tsx renders it. */
const ROOT = ':scope > .image-gallery';
const PREVIEW_LINK = ':scope > .image-gallery__preview > a';
const CAPTION = ':scope > .image-gallery__preview > figcaption';
const THUMBS = ':scope > .image-gallery__thumbs';
const THUMB = ':scope > .image-gallery__thumb';

type Snapshot = SnapshotFrom<typeof imageGalleryMachine>;
type LightboxRef = ActorRefFrom<typeof lightboxMachine>;

const lightboxOf = (snapshot: Snapshot) => snapshot.children.lightbox as LightboxRef | undefined;

/** The lightbox's connect layer with the gallery's labels, as ImageGallery.tsx hands them to LightboxDialog. */
function connectDialog(lightbox: LightboxRef, content: ImageGalleryContent) {
  const t = translate(imageGalleryTranslations, content.translations);
  return connectLightbox(lightbox.getSnapshot(), lightbox.send, translate(lightboxTranslations, t));
}

/** The lightbox's dialog, drawn after the thumbnails where the view renders it. */
function drawDialog(root: Element, lightbox: LightboxRef | undefined, content: ImageGalleryContent) {
  if (lightbox) drawLightboxDialog(root, connectDialog(lightbox, content));
}

/**
 * Draws a state on the prerendered gallery as ImageGallery.tsx renders it: the big preview (its link,
 * picture and caption) of the selected thumbnail, each thumbnail's reveal class (§9 stagger) and
 * aria-current, and the lightbox's dialog while it is open.
 */
export function drawImageGallery(element: HTMLElement, snapshot: Snapshot, content: ImageGalleryContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connectImageGallery(snapshot, () => undefined, translate(imageGalleryTranslations, content.translations), content.label);
  const item = content.items[api.selected];
  const link = root.querySelector(PREVIEW_LINK);
  if (link && item) {
    drawProps(link, api.previewLinkProps);
    const picture = link.querySelector(':scope > img');
    if (picture) drawProps(picture, { src: item.image.src, alt: item.image.alt, width: item.image.width, height: item.image.height });
  }
  const caption = root.querySelector(CAPTION);
  if (caption && item) {
    drawProps(caption, api.captionProps);
    drawText(caption, item.caption);
  }
  const thumbs = root.querySelector(THUMBS);
  if (thumbs) {
    drawProps(thumbs, api.thumbsProps);
    thumbs.querySelectorAll(THUMB).forEach((thumb, index) => {
      thumb.classList.toggle('is-revealed', api.isRevealed(index));
      const anchor = thumb.querySelector(':scope > a');
      if (anchor) drawProps(anchor, api.getThumbProps(index));
    });
  }
  drawDialog(root, lightboxOf(snapshot), content);
}

/**
 * What the view listens to, sent as its handlers send them: hovering or focusing a thumbnail previews
 * it, a click on one opens the lightbox on it, a click on the big preview opens the lightbox or the
 * preview's own address (the machine decides); the lightbox dialog's keys and buttons
 * (lightbox.dom.ts). The lightbox is the gallery's child actor: its states are drawn as it changes.
 * A pointer already resting on a thumbnail when the behaviour starts counts as a hover (issue 31.20).
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof imageGalleryMachine>, content: ImageGalleryContent): () => void {
  const root = element.querySelector(ROOT);
  if (!root) return () => undefined;
  const api = () => connectImageGallery(actor.getSnapshot(), actor.send, translate(imageGalleryTranslations, content.translations), content.label);
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>(`${THUMBS} > .image-gallery__thumb > a`)];
  const previewLink = root.querySelector(PREVIEW_LINK);
  const thumbOf = (target: EventTarget | null) => (target instanceof Element ? thumbs.indexOf(target.closest('a') as HTMLAnchorElement) : -1);
  const hovered = thumbOf(root.querySelector('.image-gallery__thumb a:hover'));
  if (hovered >= 0) api().getThumbProps(hovered).onMouseEnter();
  const stopGallery = listenTo(root, {
    mouseover(event) {
      const index = thumbOf(event.target);
      if (index >= 0) api().getThumbProps(index).onMouseEnter();
    },
    focusin(event) {
      const index = thumbOf(event.target);
      if (index >= 0) api().getThumbProps(index).onFocus();
    },
    click(event) {
      const index = thumbOf(event.target);
      if (index >= 0) api().getThumbProps(index).onClick(event);
      else if (previewLink && event.target instanceof Node && previewLink.contains(event.target)) api().previewLinkProps.onClick(event);
    },
  });
  const lightbox = lightboxOf(actor.getSnapshot());
  const stopDialog = listenToLightboxDialog(root, () => (lightbox ? connectDialog(lightbox, content) : undefined));
  // From the view's hydration on, the markup is React's.
  const watch = lightbox?.subscribe(() => {
    if (element.dataset.island !== 'loading' && element.dataset.island !== 'hydrated') drawDialog(root, lightbox, content);
  });
  return () => {
    stopGallery();
    stopDialog();
    watch?.unsubscribe();
  };
}

/**
 * The image gallery without its view (issue 35, goal 2): the thumbnails' stagger (§9) runs from the
 * moment the gallery is seen, and the visitor's hovers, focus, taps and keys are answered by this
 * behaviour, the lightbox's dialog included; the view loads only for the inspector or hydrateAll().
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
  bind: drawImageGallery,
  connect: listen,
  hydrate: 'visible',
});
