import { describe, expect, it } from 'vitest';
import { MIN_HEIGHT_PERCENTS, isMinHeightPercent, minHeightClass } from './min-height.rules';

describe('minimum-height sections (§9)', () => {
  it('allows 25, 50, 75 and 100 % of the viewport', () => {
    expect(MIN_HEIGHT_PERCENTS).toEqual([25, 50, 75, 100]);
    expect(isMinHeightPercent(75)).toBe(true);
    expect(isMinHeightPercent(60)).toBe(false);
    expect(minHeightClass(50)).toBe('section--min-50');
  });
});
