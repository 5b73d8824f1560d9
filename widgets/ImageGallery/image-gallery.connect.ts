import type { SnapshotFrom } from 'xstate';
import type { imageGalleryMachine, ImageGalleryEvent } from '../../machines/image-gallery/image-gallery.machine';
import type { PressInput } from '../../runtime/connect';
import { format, type Translations } from '../../runtime/translations';
import type { ImageGalleryTranslations } from './image-gallery.translations';

type Snapshot = SnapshotFrom<typeof imageGalleryMachine>;

/**
 * §1, §2 Image gallery: the big preview is a link named for what it opens (the lightbox, or its own
 * address, maybe in a new window); its caption is a polite live region, so choosing a thumbnail is
 * heard. Thumbnails are links to their images, the one previewed aria-current; hovering or focusing
 * one previews it, a click opens the lightbox on it (the machine decides, so the links' own
 * navigation is prevented). The lightbox has its own connect layer (Lightbox/lightbox.connect.ts).
 */
export function connectImageGallery(snapshot: Snapshot, send: (event: ImageGalleryEvent) => void, t: Translations<ImageGalleryTranslations>, label: string) {
  const { items, previewLinks, revealed, selected } = snapshot.context;
  const item = items[selected];
  const link = previewLinks[selected] ?? undefined;
  const caption = item?.title ?? '';
  return {
    /** The thumbnail shown in the big preview. */
    selected,
    isRevealed: (index: number) => index < revealed,
    previewLinkProps: {
      href: link?.href ?? item?.url,
      target: link?.newWindow ? '_blank' : undefined,
      rel: link?.newWindow ? 'noopener' : undefined,
      'aria-label': link ? format(link.newWindow ? t.opensNewWindow : t.opens, { caption, href: link.href }) : format(t.viewLarger, { caption }),
      onClick(event: PressInput) {
        event.preventDefault();
        send({ type: 'preview.click' });
      },
    },
    captionProps: { 'aria-live': 'polite' } as const,
    thumbsProps: { 'aria-label': label } as const,
    getThumbProps: (index: number) => ({
      href: items[index]?.url,
      'aria-current': index === selected ? ('true' as const) : undefined,
      onMouseEnter: () => send({ type: 'preview.select', index }),
      onFocus: () => send({ type: 'preview.select', index }),
      onClick(event: PressInput) {
        event.preventDefault();
        send({ type: 'thumbnail.open', index });
      },
    }),
  };
}
