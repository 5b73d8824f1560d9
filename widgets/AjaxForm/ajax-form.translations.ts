import { RULE_MESSAGES } from '../../machines/ajax-form/ajax-form.rules';

/**
 * The form's own labels, in English (runtime/translations.ts lays the page's language over them).
 * The field labels, hints and the submit button are the form's content (its definition).
 */
export const ajaxFormTranslations = {
  /** The error summary, announced ({fields}: the labels of the fields that failed, comma-separated). */
  summaryOne: 'One field needs attention: {fields}.',
  summaryMany: '{count} fields need attention: {fields}.',
  /** The button while sending (§4; reference notes), and the status line meanwhile. */
  sending: 'Sending',
  sendingStatus: 'Sending…',
  /** §8 (added): a send that got no usable answer keeps the form and says so. */
  retry: 'Your message could not be sent: the connection failed. Nothing you typed is lost; press the button to try again.',
  /** A select's empty first option. */
  choose: 'Choose one',
  /** Under a field that failed its rule, by rule (the server's 4xx answers use the same English words). */
  ...RULE_MESSAGES,
};

export type AjaxFormTranslations = typeof ajaxFormTranslations;
