/**
 * Rules shared by every tabbed widget (tabs, layout tabs, tab section): reading the URL hash and
 * the WAI-ARIA tabs keyboard model. Pure functions; indexes are 0-based.
 */

/** The id a hash names: '#home-care' -> 'home-care'; '' and '#' name nothing. */
export function hashId(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** §2: the tab a hash addresses, or -1. */
export function indexForHash(hash: string, ids: readonly string[]): number {
  const id = hashId(hash);
  return id === '' ? -1 : ids.indexOf(id);
}

/** The link target of a tab: its hash. */
export function hashFor(id: string): string {
  return `#${encodeURIComponent(id)}`;
}

/** A 1-based `initial` setting as a 0-based index: not a number or below 1 -> first, above the count -> last. */
export function initialIndex(initial: number, count: number): number {
  if (count < 1) return 0;
  if (!Number.isFinite(initial) || initial < 1) return 0;
  return Math.min(Math.floor(initial), count) - 1;
}

export type TabKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

/**
 * APG tabs pattern: Left/Right move to the previous/next tab and wrap; on right-to-left pages the
 * arrows swap, so the key always moves towards the tab drawn on that side. Home/End go to the ends.
 * Up/Down count only for a vertical tab list. Any other key: null.
 */
export function keyTarget(
  key: string,
  index: number,
  count: number,
  { rtl = false, vertical = false }: { rtl?: boolean; vertical?: boolean } = {},
): number | null {
  if (count < 1) return null;
  const step = (delta: number) => (index + delta + count) % count;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowRight':
      return vertical ? null : step(rtl ? -1 : 1);
    case 'ArrowLeft':
      return vertical ? null : step(rtl ? 1 : -1);
    case 'ArrowDown':
      return vertical ? step(1) : null;
    case 'ArrowUp':
      return vertical ? step(-1) : null;
    default:
      return null;
  }
}
