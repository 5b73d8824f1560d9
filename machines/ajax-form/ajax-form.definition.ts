import type { FieldSpec } from './ajax-form.rules';

/**
 * What a form is (§3 Contact form): the definition a page hands the ajax-form widget, and the hidden
 * fields every form carries. The widget renders it, the machine checks it, the server re-checks posts
 * against it; a site (its site.config.ts `forms`) only supplies the data.
 */
export type FieldControl = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'captcha';

export interface FormField extends FieldSpec {
  control: FieldControl;
  /** Extra words under the label. */
  hint?: string;
  options?: readonly string[];
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'text';
  /** Keep the stored text short for one-line fields. */
  maxLength?: number;
}

export interface FormDefinition {
  id: string;
  /** The form's action: a url-encoded POST, answered with a fragment (ajax) or a full page (no JS). */
  action: string;
  variant: 'contact' | 'newsletter';
  fields: readonly FormField[];
  submitLabel: string;
  /** §3: an optional redirect target after a successful send. */
  redirect?: string;
}

/** The hidden decoy a person never fills in (server-side honeypot). */
export const HONEYPOT_FIELD = 'website';
/** The hidden field carrying the signed captcha verifier. */
export const VERIFIER_FIELD = 'captcha_verifier';

/**
 * A prerendered page carries these where its contact form's captcha goes (the question, the signed
 * verifier); the server puts a fresh captcha in per request (server/forms/routes.ts).
 */
export const CAPTCHA_QUESTION_PLACEHOLDER = '__SC_CAPTCHA_QUESTION__';
export const CAPTCHA_VERIFIER_PLACEHOLDER = '__SC_CAPTCHA_VERIFIER__';
