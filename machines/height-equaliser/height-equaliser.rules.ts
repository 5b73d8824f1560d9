/** §9: items whose tops differ by at most 1 px are in the same row. */
export const ROW_TOLERANCE_PX = 1;

/** Groups item indexes into rows by their top edge (items in page order). */
export function groupRows(tops: readonly number[], tolerance: number = ROW_TOLERANCE_PX): number[][] {
  const rows: { top: number; items: number[] }[] = [];
  tops.forEach((top, index) => {
    const row = rows.find((r) => Math.abs(r.top - top) <= tolerance);
    if (row) row.items.push(index);
    else rows.push({ top, items: [index] });
  });
  return rows.map((r) => r.items);
}

/** Each item's height: the tallest natural height in its row. */
export function equalisedHeights(tops: readonly number[], heights: readonly number[], tolerance: number = ROW_TOLERANCE_PX): number[] {
  const result = [...heights];
  for (const row of groupRows(tops, tolerance)) {
    const tallest = Math.max(...row.map((i) => heights[i] ?? 0));
    for (const i of row) result[i] = tallest;
  }
  return result;
}
