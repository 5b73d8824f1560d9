/** Pure rules of the image gallery (§2, §9). */

/** §9: gallery thumbnails appear one after another, 110 ms apart. */
export const THUMBNAIL_STAGGER_MS = 110;

/** A thumbnail links to its image; the big preview may carry an address of its own. */
export interface GalleryLink {
  href: string;
  /** The link opens in a new window (target=_blank). */
  newWindow: boolean;
}

export type PreviewClick =
  | { kind: 'thumbnail'; index: number }
  | { kind: 'open'; href: string; newWindow: boolean };

/**
 * §2: clicking the big preview triggers the matching thumbnail link, or, when the preview has an
 * address of its own, opens it in a new or the same window according to the link's flags.
 */
export function previewClick(index: number, previewLink: GalleryLink | null): PreviewClick {
  if (previewLink && previewLink.href !== '') return { kind: 'open', href: previewLink.href, newWindow: previewLink.newWindow };
  return { kind: 'thumbnail', index };
}
