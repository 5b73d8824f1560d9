import { DEFAULT_LABELS, type CountdownUnit, type UnitLabels } from '../../machines/countdown/countdown.rules';

/**
 * The countdown's own labels, in English (runtime/translations.ts lays the page's language over
 * them): each unit's name for exactly one, and for any other number (reference notes). A page may
 * still give all of them at once as the content's `labels`.
 */
export const countdownTranslations = {
  second: DEFAULT_LABELS.seconds[0],
  seconds: DEFAULT_LABELS.seconds[1],
  minute: DEFAULT_LABELS.minutes[0],
  minutes: DEFAULT_LABELS.minutes[1],
  hour: DEFAULT_LABELS.hours[0],
  hours: DEFAULT_LABELS.hours[1],
  day: DEFAULT_LABELS.days[0],
  days: DEFAULT_LABELS.days[1],
  week: DEFAULT_LABELS.weeks[0],
  weeks: DEFAULT_LABELS.weeks[1],
  month: DEFAULT_LABELS.months[0],
  months: DEFAULT_LABELS.months[1],
  year: DEFAULT_LABELS.years[0],
  years: DEFAULT_LABELS.years[1],
};

export type CountdownTranslations = typeof countdownTranslations;

const SINGULAR: Readonly<Record<CountdownUnit, keyof CountdownTranslations>> = {
  seconds: 'second',
  minutes: 'minute',
  hours: 'hour',
  days: 'day',
  weeks: 'week',
  months: 'month',
  years: 'year',
};

/** The unit names of a resolved table, in the shape the rules' `unitLabel` takes. */
export function unitLabelsOf(t: Readonly<Record<keyof CountdownTranslations, string>>): UnitLabels {
  const entries = Object.entries(SINGULAR).map(([unit, singular]) => [unit, [t[singular], t[unit as CountdownUnit]]] as const);
  return Object.fromEntries(entries) as UnitLabels;
}
