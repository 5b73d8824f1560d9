/**
 * §3 Countdown and the reference notes: which units show, and how the time left splits into them.
 * Pure calendar arithmetic on UTC milliseconds (no platform date objects), so the machine and
 * its tests agree to the millisecond.
 */
export type CountdownUnit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

/** §3: units by number, 1 seconds … 7 years. */
export const UNITS_BY_NUMBER: readonly CountdownUnit[] = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'years'];
/** Reference notes: smallest shown unit 1 (seconds), largest 5 (weeks) by default. */
export const DEFAULT_SMALLEST = 1;
export const DEFAULT_LARGEST = 5;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FIXED_MS: Partial<Record<CountdownUnit, number>> = { weeks: 7 * DAY, days: DAY, hours: HOUR, minutes: MINUTE, seconds: SECOND };

export type Remaining = Partial<Record<CountdownUnit, number>>;

/**
 * §3 maximum scale: the units from `largest` down to `smallest`, largest first. With months or
 * years shown (6, 7) weeks are not shown (reference notes).
 */
export function shownUnits(smallest: number, largest: number): CountdownUnit[] {
  const low = clampUnit(Math.min(smallest, largest));
  const high = clampUnit(Math.max(smallest, largest));
  const units: CountdownUnit[] = [];
  for (let n = high; n >= low; n--) {
    const unit = UNITS_BY_NUMBER[n - 1];
    if (unit === undefined || (unit === 'weeks' && high >= 6 && low < 5)) continue;
    units.push(unit);
  }
  return units;
}

function clampUnit(n: number): number {
  return Math.min(7, Math.max(1, Math.round(n)));
}

export interface CountdownTarget {
  year: number;
  /** 0-based, as the original markup stores it. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** The target's offset from UTC in minutes (east positive); 0 means the target is read as UTC. */
  timezone: number;
}

/** The target instant in UTC ms: the wall time given, minus the zone's offset. */
export function targetTime(target: CountdownTarget): number {
  return Date.UTC(target.year, target.month, target.day, target.hour, target.minute) - target.timezone * MINUTE;
}

/** Civil date from days since 1970-01-01 (H. Hinnant's algorithm). */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 2 : mp - 10;
  return { year: era * 400 + yoe + (month <= 1 ? 1 : 0), month, day };
}

function daysInMonth(year: number, month: number): number {
  return (Date.UTC(year, month + 1, 1) - Date.UTC(year, month, 1)) / DAY;
}

/** `ms` moved on by whole calendar months; a day past the new month's end becomes its last day. */
export function addMonths(ms: number, months: number): number {
  const days = Math.floor(ms / DAY);
  const timeOfDay = ms - days * DAY;
  const { year, month, day } = civilFromDays(days);
  const total = year * 12 + month + months;
  const newYear = Math.floor(total / 12);
  const newMonth = total - newYear * 12;
  return Date.UTC(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth))) + timeOfDay;
}

/** Whole calendar months from `from` to `to` (0 when `to` is not later). */
export function wholeMonths(from: number, to: number): number {
  if (to <= from) return 0;
  let months = Math.max(0, Math.floor((to - from) / (31 * DAY)));
  while (addMonths(from, months + 1) <= to) months++;
  return months;
}

/**
 * The time left split into the shown units. The largest shown unit absorbs everything above it
 * (largest = hours gives 50 hours, not 2 days 2 hours); months and years are calendar differences;
 * what is smaller than the smallest unit is dropped.
 */
export function remaining(now: number, target: number, units: readonly CountdownUnit[]): Remaining {
  const result: Remaining = {};
  let from = now;
  if (target <= now) {
    for (const unit of units) result[unit] = 0;
    return result;
  }
  if (units.includes('years') || units.includes('months')) {
    const months = wholeMonths(now, target);
    if (units.includes('years')) {
      result.years = Math.floor(months / 12);
      if (units.includes('months')) result.months = months - result.years * 12;
      from = addMonths(now, units.includes('months') ? months : result.years * 12);
    } else {
      result.months = months;
      from = addMonths(now, months);
    }
  }
  let rest = target - from;
  for (const unit of units) {
    const size = FIXED_MS[unit];
    if (size === undefined) continue;
    const value = Math.floor(rest / size);
    result[unit] = value;
    rest -= value * size;
  }
  return result;
}

export type UnitLabels = Record<CountdownUnit, readonly [singular: string, plural: string]>;

export const DEFAULT_LABELS: UnitLabels = {
  seconds: ['Second', 'Seconds'],
  minutes: ['Minute', 'Minutes'],
  hours: ['Hour', 'Hours'],
  days: ['Day', 'Days'],
  weeks: ['Week', 'Weeks'],
  months: ['Month', 'Months'],
  years: ['Year', 'Years'],
};

/** Reference notes: singular only when the value is exactly 1. */
export function unitLabel(unit: CountdownUnit, value: number, labels: UnitLabels = DEFAULT_LABELS): string {
  return value === 1 ? labels[unit][0] : labels[unit][1];
}
