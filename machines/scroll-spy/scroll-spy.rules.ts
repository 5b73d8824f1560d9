/** Scroll-spy (§2): of the sections in view, the first in page order is the current one. */
export function activeSection(order: readonly string[], inView: readonly string[]): string | null {
  return order.find((id) => inView.includes(id)) ?? null;
}

/**
 * Issue 20.4: only what the visitor can see counts. A section the page covers (one in the curtain
 * footer, which sits behind the page until the page scrolls off it) is in view only once revealed.
 */
export function seenSections(inView: readonly string[], covered: readonly string[], revealed: boolean): string[] {
  return revealed ? [...inView] : inView.filter((id) => !covered.includes(id));
}
