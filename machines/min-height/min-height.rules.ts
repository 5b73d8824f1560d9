/** §9: a section's minimum height may be 25, 50, 75 or 100 % of the viewport. */
export const MIN_HEIGHT_PERCENTS = [25, 50, 75, 100] as const;
export type MinHeightPercent = (typeof MIN_HEIGHT_PERCENTS)[number];

export function isMinHeightPercent(value: number): value is MinHeightPercent {
  return (MIN_HEIGHT_PERCENTS as readonly number[]).includes(value);
}

/** The class that gives a section its minimum height (the CSS does the rest; no script needed). */
export function minHeightClass(percent: MinHeightPercent): string {
  return `section--min-${percent}`;
}
