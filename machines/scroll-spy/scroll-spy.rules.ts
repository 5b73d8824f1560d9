/** Scroll-spy (§2): of the sections in view, the first in page order is the current one. */
export function activeSection(order: readonly string[], inView: readonly string[]): string | null {
  return order.find((id) => inView.includes(id)) ?? null;
}
