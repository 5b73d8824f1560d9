import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { imageGalleryMachine } from '../../machines/image-gallery/image-gallery.machine';
import type { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import type { GalleryLink } from '../../machines/image-gallery/image-gallery.rules';
import { LightboxDialog } from '../Lightbox/LightboxDialog';
import { translate } from '../../runtime/translations';
import type { SlideImage } from '../Slideshow/Slideshow';
import { connectImageGallery } from './image-gallery.connect';
import { imageGalleryTranslations, type ImageGalleryTranslations } from './image-gallery.translations';

export interface GalleryItem {
  image: SlideImage;
  caption: string;
  /** The big preview's own address (opens instead of the lightbox), if any. */
  previewLink?: GalleryLink;
}

export interface ImageGalleryContent {
  label: string;
  items: GalleryItem[];
  /** Labels in the page's language over the English defaults, the lightbox's included (image-gallery.translations.ts). */
  translations?: Partial<ImageGalleryTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof imageGalleryMachine>;
  content: ImageGalleryContent;
}

/** §1, §2 Image gallery: a big preview, thumbnails that link to their images, and the lightbox. Its ARIA and handlers are image-gallery.connect.ts. */
export function ImageGallery({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const lightbox = useSelector(actorRef, (s) => s.children.lightbox as ActorRefFrom<typeof lightboxMachine> | undefined);
  const t = translate(imageGalleryTranslations, content.translations);
  const api = connectImageGallery(snapshot, actorRef.send, t, content.label);
  const item = content.items[api.selected];
  if (!item) return null;
  return (
    <div className="image-gallery">
      <figure className="image-gallery__preview">
        <a {...api.previewLinkProps}>
          <img src={item.image.src} alt={item.image.alt} width={item.image.width} height={item.image.height} />
        </a>
        <figcaption {...api.captionProps}>{item.caption}</figcaption>
      </figure>
      <ul className="image-gallery__thumbs" {...api.thumbsProps}>
        {content.items.map((thumb, index) => (
          // Issue 31.24: the behaviour's bind owns this class until hydration; the view takes it over after.
          <li key={thumb.image.src} suppressHydrationWarning className={`image-gallery__thumb${api.isRevealed(index) ? ' is-revealed' : ''}`}>
            <a {...api.getThumbProps(index)}>
              <img src={thumb.image.src} alt={thumb.caption} width={192} height={108} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
      {lightbox ? <LightboxDialog lightboxRef={lightbox} translations={t} /> : null}
    </div>
  );
}
