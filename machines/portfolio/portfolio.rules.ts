/** §2, §4 Portfolio preview: which entry #next and #prev lead to. */

export interface PortfolioEntry {
  id: string;
  categories: string[];
}

export const ALL_FILTER = 'all';

export function visibleIds(entries: readonly PortfolioEntry[], filter: string): string[] {
  return entries.filter((e) => filter === ALL_FILTER || e.categories.includes(filter)).map((e) => e.id);
}

/**
 * The entry after (+1) or before (-1) `current` among the visible ones, wrapping at both ends.
 * When `current` is filtered out, next is the first visible entry and prev the last.
 */
export function neighbour(visible: readonly string[], current: string, step: 1 | -1): string | undefined {
  if (visible.length === 0) return undefined;
  const at = visible.indexOf(current);
  if (at === -1) return step === 1 ? visible[0] : visible[visible.length - 1];
  return visible[(at + step + visible.length) % visible.length];
}
