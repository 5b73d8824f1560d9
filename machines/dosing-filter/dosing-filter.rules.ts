/**
 * Dosing filter rules (§2, §3 Dosing table row, §4 Dosing filter, §5 Dosing weight, §9 Dosing).
 * Pure: shared by the machine, the view and the tests.
 */

/** §5, §9: the weight is capped at 300 lb. */
export const WEIGHT_CAP_LB = 300;
/** §5, §9: below 6 lb only the dosing alert shows. */
export const LOWER_CUTOFF_LB = 6;
/** §5: the alert's text when the value is not a number. */
export const NOT_A_NUMBER_MESSAGE = "Please enter the child's weight in pounds.";
/** §4: the value that shows every row. */
export const ALL = 'all';

/** What a value in the filter field asks for. */
export type DosingQuery =
  | { kind: 'all' }
  | { kind: 'not-a-number' }
  | { kind: 'below-cutoff'; weight: number }
  | { kind: 'weight'; weight: number };

/** A row's inclusive weight band in pounds (data-w1, data-w2). */
export interface WeightBand {
  w1: number;
  w2: number;
}

/**
 * §5: the value is parsed as an integer (leading digits, as parseInt reads them: "12.9" is 12,
 * "15 lb" is 15) and capped at 300; 'all' (any case, trimmed) shows everything.
 */
export function parseWeight(raw: string): DosingQuery {
  if (raw.trim().toLowerCase() === ALL) return { kind: 'all' };
  const parsed = Number.parseInt(raw, 10);
  if (Number.isNaN(parsed)) return { kind: 'not-a-number' };
  const weight = Math.min(parsed, WEIGHT_CAP_LB);
  return weight < LOWER_CUTOFF_LB ? { kind: 'below-cutoff', weight } : { kind: 'weight', weight };
}

export function bandContains(band: WeightBand, weight: number): boolean {
  return band.w1 <= weight && weight <= band.w2;
}

/** What the table shows for a query (§4 Dosing filter, steps 2-4). */
export interface DosingDisplay {
  header: boolean;
  alert: boolean;
  /** Which rows show: every row, none, or those whose band contains the weight. */
  rows: 'all' | 'none' | { weight: number };
}

export const UNFILTERED: DosingDisplay = { header: true, alert: false, rows: 'all' };

export function displayFor(query: DosingQuery): DosingDisplay {
  switch (query.kind) {
    case 'all':
      return { header: true, alert: true, rows: 'all' };
    case 'not-a-number':
    case 'below-cutoff':
      return { header: false, alert: true, rows: 'none' };
    case 'weight':
      return { header: true, alert: false, rows: { weight: query.weight } };
  }
}

export function rowShows(display: DosingDisplay, band: WeightBand): boolean {
  if (display.rows === 'all') return true;
  if (display.rows === 'none') return false;
  return bandContains(band, display.rows.weight);
}
