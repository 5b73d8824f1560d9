/** The portfolio's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const portfolioTranslations = {
  /** The filter buttons' group name ({label}: the portfolio's name, lower-cased) and the show-everything filter. */
  filters: 'Show {label}',
  all: 'All',
  /** The preview's name while an entry is open ({title}: the entry's title), and while none is. */
  about: 'About {title}',
  preview: 'Preview',
  /** The preview's commands. */
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
};

export type PortfolioTranslations = typeof portfolioTranslations;
