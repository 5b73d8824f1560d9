/** The live search's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const ajaxSearchTranslations = {
  /** The search landmark. */
  form: 'Site search',
  /** The field's label (visually hidden) and its placeholder. */
  field: 'Search the site',
  placeholder: 'Search',
  /** The results popup (a listbox). */
  results: 'Search results',
  submit: 'Search',
  /** Announced politely as the results change. */
  found: '{count} results. Use the up and down arrows to choose one.',
  noResults: 'No results.',
  unavailable: 'Live search is not available right now; press Enter to see the results page.',
};

export type AjaxSearchTranslations = typeof ajaxSearchTranslations;
