/** The rotating text's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const textRotatorTranslations = {
  /** The control's visible word while the line moves (WCAG 2.2.2) … */
  pause: 'Pause',
  /** … and once it is stopped. */
  play: 'Play',
  /** The rest of the control's name, visually hidden, after its word. */
  purpose: 'the rotating words',
};

export type TextRotatorTranslations = typeof textRotatorTranslations;
