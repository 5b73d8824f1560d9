/** The layout tabs' own labels, in English (runtime/translations.ts lays the page's language over them). */
export const layoutTabsTranslations = {
  /** The group of numbered dots, named after the tab list. */
  dots: '{label}: go to tab',
  /** Each dot: its tab's number and title. */
  dot: 'Tab {index}: {title}',
};

export type LayoutTabsTranslations = typeof layoutTabsTranslations;
