/** The magazine tabs' own labels, in English (runtime/translations.ts lays the page's language over them). */
export const magazineTabsTranslations = {
  /** Announced when a group is picked ({group}: its button's label). */
  shown: '{count} entries in {group}.',
};

export type MagazineTabsTranslations = typeof magazineTabsTranslations;
