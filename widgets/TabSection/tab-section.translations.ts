/** The tab section's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const tabSectionTranslations = {
  /** The arrow at the strip's start edge. */
  previousTab: 'Previous tab',
  /** The arrow at the strip's end edge. */
  nextTab: 'Next tab',
};

export type TabSectionTranslations = typeof tabSectionTranslations;
