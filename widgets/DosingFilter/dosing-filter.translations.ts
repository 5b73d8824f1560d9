/**
 * The dosing filter's own labels, in English (runtime/translations.ts lays the page's language over
 * them). §2's alert for a value that is not a number is the spec's own text (dosing-filter.rules.ts).
 */
export const dosingFilterTranslations = {
  /** The filter field's label, the suggestion that shows the whole table, and the hint under the field ({all}: the word that does). */
  field: 'Child’s weight in pounds',
  everyWeight: 'Show every weight',
  hint: 'Type a weight such as 28, or “{all}” to see the whole table.',
  /** Announced after a change of the filter. */
  shown: '{shown} of {count} rows shown.',
};

export type DosingFilterTranslations = typeof dosingFilterTranslations;
