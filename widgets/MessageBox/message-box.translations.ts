/** The message box's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const messageBoxTranslations = {
  /** The close button's name ({label}: the box's). */
  close: 'Close: {label}',
};

export type MessageBoxTranslations = typeof messageBoxTranslations;
