/**
 * The location hash as an adapter (design.md, invariant 2): widgets read it at load and on every
 * hashchange, and write it with history.replaceState so opening a tab neither jumps the page nor
 * piles up history entries. Machines never touch it.
 */
export function replaceHash(win: Window, hash: string): void {
  const url = new URL(win.location.href);
  url.hash = hash;
  if (url.href !== win.location.href) win.history.replaceState(win.history.state, '', url.href);
}

/** Calls `onHash` with the current hash now and on every hashchange; returns the teardown. */
export function watchHash(win: Window, onHash: (hash: string) => void): () => void {
  const listener = () => onHash(win.location.hash);
  win.addEventListener('hashchange', listener);
  listener();
  return () => win.removeEventListener('hashchange', listener);
}

/** The page's direction where the element sits. */
export function isRightToLeft(element: Element): boolean {
  return element.ownerDocument.defaultView?.getComputedStyle(element).direction === 'rtl';
}
