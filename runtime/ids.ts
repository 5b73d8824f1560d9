/**
 * Element ids for views that must be the same in the prerendered page and in the hydrated island.
 * React's useId cannot do that here: the page is prerendered as one tree but each island hydrates
 * as its own root, so the two disagree. Ids come from the content instead.
 */
export function domId(...parts: Array<string | number>): string {
  return parts
    .map((part) => String(part).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter((part) => part !== '')
    .join('-');
}
