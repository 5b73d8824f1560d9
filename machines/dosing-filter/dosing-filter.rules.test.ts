import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOWER_CUTOFF_LB, WEIGHT_CAP_LB, displayFor, parseWeight, rowShows, type WeightBand } from './dosing-filter.rules';

/** The demo's bands (reference notes, Dosing table). */
const BANDS: WeightBand[] = [
  { w1: 6, w2: 11 },
  { w1: 12, w2: 17 },
  { w1: 18, w2: 23 },
  { w1: 24, w2: 35 },
  { w1: 36, w2: 47 },
  { w1: 48, w2: 59 },
  { w1: 60, w2: 71 },
  { w1: 72, w2: 95 },
  { w1: 96, w2: 300 },
];

/**
 * An independent oracle: a lookup table filled band by band, read at min(weight, 300), with the
 * spec's 6 lb cutoff written out rather than taken from the rules module.
 */
function oracle(weight: number): { alertOnly: boolean; rows: number[] } {
  const byPound = new Map<number, number[]>();
  BANDS.forEach((band, index) => {
    for (let lb = band.w1; lb <= band.w2; lb++) byPound.set(lb, [...(byPound.get(lb) ?? []), index]);
  });
  const capped = weight > 300 ? 300 : weight;
  if (capped < 6) return { alertOnly: true, rows: [] };
  return { alertOnly: false, rows: byPound.get(capped) ?? [] };
}

describe('dosing weight rules (§5)', () => {
  it('names the spec constants', () => {
    expect(WEIGHT_CAP_LB).toBe(300);
    expect(LOWER_CUTOFF_LB).toBe(6);
  });

  it.each(Array.from({ length: 302 }, (_, w) => w))('weight %i shows what the oracle shows', (weight) => {
    const display = displayFor(parseWeight(String(weight)));
    const expected = oracle(weight);
    const shown = BANDS.flatMap((band, index) => (rowShows(display, band) ? [index] : []));
    expect(shown).toEqual(expected.rows);
    expect(display.alert).toBe(expected.alertOnly);
    expect(display.header).toBe(!expected.alertOnly);
  });

  it('every weight from 6 to 300 matches exactly one band of the demo table', () => {
    for (let weight = 6; weight <= 301; weight++) {
      const display = displayFor(parseWeight(String(weight)));
      expect(BANDS.filter((band) => rowShows(display, band))).toHaveLength(1);
    }
  });

  it("'all' in any case shows the alert, the header and every row", () => {
    for (const raw of ['all', 'ALL', ' All ']) {
      const display = displayFor(parseWeight(raw));
      expect(display).toEqual({ header: true, alert: true, rows: 'all' });
    }
  });

  it.each(['', ' ', 'abc', 'lb', '-', '.', 'NaN', 'all of them', '#12', 'twelve'])('junk %j is not a number', (raw) => {
    expect(parseWeight(raw)).toEqual({ kind: 'not-a-number' });
  });

  it.each([
    ['12.9', 12],
    ['15 lb', 15],
    [' 40', 40],
    ['007', 7],
    ['301', 300],
    ['99999999999', 300],
  ])('%j is read as an integer like parseInt: %i', (raw, weight) => {
    expect(parseWeight(raw)).toEqual({ kind: 'weight', weight });
  });

  it.each([['-5'], ['0'], ['5'], ['5.99']])('%j is below the cutoff: only the alert', (raw) => {
    const query = parseWeight(raw);
    expect(query.kind).toBe('below-cutoff');
    expect(displayFor(query)).toEqual({ header: false, alert: true, rows: 'none' });
  });

  it('never throws and never shows rows with the alert-only display, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const display = displayFor(parseWeight(raw));
        if (display.rows === 'none') expect(display.header).toBe(false);
        if (typeof display.rows === 'object') {
          expect(display.rows.weight).toBeGreaterThanOrEqual(6);
          expect(display.rows.weight).toBeLessThanOrEqual(300);
        }
      }),
    );
  });
});
