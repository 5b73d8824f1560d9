/** Pure rules of the lightbox (§8, §9, §7 request table). */

/** §9: the lightbox is removed 300 ms after it starts closing. */
export const REMOVAL_DELAY_MS = 300;
/** §9: a gallery preloads 1 item before and 1 after the one shown. */
export const PRELOAD_BEFORE = 1;
export const PRELOAD_AFTER = 1;

/** §8: the lightbox's three texts. */
export const TEXT_NOT_FOUND = 'Content not found';
export const TEXT_CONTENT_FAILED = 'The content could not be loaded.';
export const TEXT_IMAGE_FAILED = 'The image could not be loaded.';

/** What a page author gives the lightbox: an address, its title, and for an image its alt text. */
export interface LightboxEntry {
  url: string;
  title: string;
  /** Describes the image when `url` is one; the title stands in when it is missing. */
  alt?: string;
}

/** An entry as the lightbox treats it: an image is loaded directly, anything else fetched with a GET (§7). */
export type LightboxItem =
  | { kind: 'image'; src: string; alt: string; caption: string }
  | { kind: 'content'; url: string; title: string };

/** What the content adapter answers: the HTML, or that the address had nothing (404). */
export type ContentResult = { status: 'ok'; html: string } | { status: 'not-found' };

/** §9: the indexes to preload around `index`, wrapping like the gallery's arrows; never `index` itself. */
export function preloadIndices(index: number, count: number): number[] {
  const result: number[] = [];
  for (let offset = -PRELOAD_BEFORE; offset <= PRELOAD_AFTER; offset++) {
    if (offset === 0) continue;
    const at = (((index + offset) % count) + count) % count;
    if (at !== index && !result.includes(at)) result.push(at);
  }
  return result;
}

/** Arrow keys move through a gallery of two or more, wrapping at the ends. */
export function stepIndex(index: number, count: number, direction: 'next' | 'prev'): number {
  if (count < 2) return index;
  return direction === 'next' ? (index + 1) % count : (index - 1 + count) % count;
}

/** §8: which text a failure shows: an image that did not load, content not found (404), or content that did not load. */
export function failureText(item: LightboxItem, result: ContentResult | 'error'): string {
  if (item.kind === 'image') return TEXT_IMAGE_FAILED;
  return result !== 'error' && result.status === 'not-found' ? TEXT_NOT_FOUND : TEXT_CONTENT_FAILED;
}

/** The lightbox's own address test: an image URL is loaded directly (§7). */
export function isImageUrl(url: string): boolean {
  return /\.(avif|gif|jpe?g|png|svg|webp)(\?.*)?(#.*)?$/i.test(url);
}

/** §7: the address alone decides whether an entry is an image (loaded directly) or content (fetched). */
export function lightboxItem(entry: LightboxEntry): LightboxItem {
  return isImageUrl(entry.url)
    ? { kind: 'image', src: entry.url, alt: entry.alt ?? entry.title, caption: entry.title }
    : { kind: 'content', url: entry.url, title: entry.title };
}
