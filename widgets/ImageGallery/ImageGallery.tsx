import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { imageGalleryMachine } from '../../machines/image-gallery/image-gallery.machine';
import type { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import type { GalleryLink } from '../../machines/image-gallery/image-gallery.rules';
import { LightboxDialog } from '../Lightbox/LightboxDialog';
import { format, translate } from '../../runtime/translations';
import type { SlideImage } from '../Slideshow/Slideshow';
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

/** §1, §2 Image gallery: a big preview, thumbnails that link to their images, and the lightbox. */
export function ImageGallery({ actorRef, content }: Props) {
  const { revealed, selected } = useSelector(actorRef, (s) => s.context);
  const lightbox = useSelector(actorRef, (s) => s.children.lightbox as ActorRefFrom<typeof lightboxMachine> | undefined);
  const item = content.items[selected];
  if (!item) return null;
  const link = item.previewLink;
  const t = translate(imageGalleryTranslations, content.translations);
  const previewLabel = link
    ? format(link.newWindow ? t.opensNewWindow : t.opens, { caption: item.caption, href: link.href })
    : format(t.viewLarger, { caption: item.caption });
  return (
    <div className="image-gallery">
      <figure className="image-gallery__preview">
        <a
          href={link?.href ?? item.image.src}
          target={link?.newWindow ? '_blank' : undefined}
          rel={link?.newWindow ? 'noopener' : undefined}
          aria-label={previewLabel}
          onClick={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'preview.click' });
          }}
        >
          <img src={item.image.src} alt={item.image.alt} width={item.image.width} height={item.image.height} />
        </a>
        <figcaption aria-live="polite">{item.caption}</figcaption>
      </figure>
      <ul className="image-gallery__thumbs" aria-label={content.label}>
        {content.items.map((thumb, index) => (
          <li key={thumb.image.src} className={`image-gallery__thumb${index < revealed ? ' is-revealed' : ''}`}>
            <a
              href={thumb.image.src}
              aria-current={index === selected ? 'true' : undefined}
              onMouseEnter={() => actorRef.send({ type: 'preview.select', index })}
              onFocus={() => actorRef.send({ type: 'preview.select', index })}
              onClick={(event) => {
                event.preventDefault();
                actorRef.send({ type: 'thumbnail.open', index });
              }}
            >
              <img src={thumb.image.src} alt={thumb.caption} width={192} height={108} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
      {lightbox ? <LightboxDialog lightboxRef={lightbox} translations={t} /> : null}
    </div>
  );
}
