/**
 * §5 Form field checks: the pure rules the browser machine and the server both run (the server
 * imports this module; docs/design.md invariant 6). Every rule is linear in the length of its input:
 * anchored patterns whose alternatives never overlap, so a 10 kB value is checked in well under
 * a millisecond (server/forms/field-rules.property.test.ts proves it with fast-check; the property
 * tests time themselves, so they live outside machines/, docs/design.md invariant 1).
 */

export const FIELD_RULES = [
  'is_empty',
  'is_email',
  'is_ext_email',
  'is_special_email',
  'is_phone',
  'is_number',
  'is_positiv_number',
  'captcha',
] as const;

export type FieldRule = (typeof FIELD_RULES)[number];

/** What a check does to the field's parent (§5): error, valid, or nothing (a blank field with no rule). */
export type FieldStatus = 'error' | 'valid' | 'unchecked';

/** §5: a checked checkbox sends "true", an unchecked one the empty string. */
export const CHECKBOX_CHECKED = 'true';

// §5 is_email: local part of word characters, dots and dashes; '@'; a domain that starts with a
// word character; a final dot and an ending of 2 to 20 letters. The original's `|` is not copied.
const EMAIL = /^[\w.-]+@\w[\w.-]*\.[a-zA-Z]{2,20}$/;
// §5 is_ext_email: as is_email, and the umlauts ÄÖÜäöü in local part and domain.
const EXT_EMAIL = /^[\wÄÖÜäöü.-]+@[\wÄÖÜäöü][\wÄÖÜäöü.-]*\.[a-zA-Z]{2,20}$/;
// §5 is_special_email: the local part may also hold .!#$%&'*+-/=?^_`{|}~ and umlauts.
const SPECIAL_EMAIL = /^[\wÄÖÜäöü.!#$%&'*+\-/=?^`{|}~]+@[\wÄÖÜäöü][\wÄÖÜäöü.-]*\.[a-zA-Z]{2,20}$/;
// §5 is_phone: 3 or more tokens, each a digit, whitespace, - / ( ) [ ] . + _ , : ; or the
// letters e, x, t, or the word "ension" (so "ext", "x12", "extension" pass; other letters fail).
// "ension" is folded into one allowed character first, so the pattern is one character class.
const PHONE_TOKENS = /^[\d\s\-/()[\].+_,:;ext]{3,}$/;
// §5 is_number: optional minus, optional whitespace, 0 or an integer without leading zero, an
// optional decimal part after a dot or a comma.
const NUMBER = /^-?\s*(?:0|[1-9]\d*)(?:[.,]\d+)?$/;
/**
 * §5 is_positiv_number, one definition for browser and server (the original's two sides
 * disagreed): the text, with surrounding whitespace ignored, is an is_number without a minus.
 * So "7", " 7", "0", "1.5" and "1,5" pass; "-1", "-0", "1e3", "0x10", "07", "+7" and "" fail.
 */
const POSITIVE_NUMBER = /^(?:0|[1-9]\d*)(?:[.,]\d+)?$/;

/** Blank means empty once surrounding whitespace is ignored. */
export function isBlank(value: string): boolean {
  return value.trim() === '';
}

export const isEmail = (value: string): boolean => EMAIL.test(value);
export const isExtEmail = (value: string): boolean => EXT_EMAIL.test(value);
export const isSpecialEmail = (value: string): boolean => SPECIAL_EMAIL.test(value);
export const isPhone = (value: string): boolean => PHONE_TOKENS.test(value.replaceAll('ension', 'e'));
export const isNumber = (value: string): boolean => NUMBER.test(value);
export const isPositiveNumber = (value: string): boolean => POSITIVE_NUMBER.test(value.trim());

/**
 * §5 captcha. The answer is the verifier's character at the 0-based position its own last character
 * gives, as the original reads it (`verifier.charAt(lastDigit)`): so a last digit 8 of a 9-digit
 * verifier points at itself, and any digit 0-9 may stand elsewhere. The server issues 9 digits from
 * 1-8 and signs them (`digits.issued.signature`), so the digits are what comes before the first dot;
 * the signature is checked on the server only. A last digit past the end (9) has no answer.
 */
export const CAPTCHA_DIGITS = 9;

export function captchaDigits(verifier: string): string {
  const digits = verifier.split('.', 1)[0] ?? '';
  return /^\d{9}$/.test(digits) ? digits : '';
}

export function captchaAnswer(verifier: string): string | undefined {
  const digits = captchaDigits(verifier);
  // Counted from 0: the last character's own position is CAPTCHA_DIGITS - 1, and it is a valid answer.
  return digits === '' ? undefined : digits.charAt(Number(digits.at(-1))) || undefined;
}

export function isCaptchaAnswer(value: string, verifier: string): boolean {
  const answer = captchaAnswer(verifier);
  return answer !== undefined && value.trim() === answer;
}

/** The first rule class in a class list decides the check (§5); other classes are ignored. */
export function ruleOf(classes: readonly string[] | string): FieldRule | undefined {
  const list = typeof classes === 'string' ? classes.split(/\s+/) : classes;
  return list.find((name): name is FieldRule => (FIELD_RULES as readonly string[]).includes(name));
}

export function passes(rule: FieldRule, value: string, verifier = ''): boolean {
  switch (rule) {
    case 'is_empty':
      return !isBlank(value);
    case 'is_email':
      return isEmail(value);
    case 'is_ext_email':
      return isExtEmail(value);
    case 'is_special_email':
      return isSpecialEmail(value);
    case 'is_phone':
      return isPhone(value);
    case 'is_number':
      return isNumber(value);
    case 'is_positiv_number':
      return isPositiveNumber(value);
    case 'captcha':
      return isCaptchaAnswer(value, verifier);
  }
}

/** §5: a rule decides error or valid; a nonblank field without a rule is valid; a blank one is left alone. */
export function fieldStatus(rule: FieldRule | undefined, value: string, verifier = ''): FieldStatus {
  if (rule === undefined) return isBlank(value) ? 'unchecked' : 'valid';
  return passes(rule, value, verifier) ? 'valid' : 'error';
}

/**
 * A form field as both sides know it (a select with its options, issue 17). §5: the field's class list decides its rule, so a site owner
 * gives a field its check by class (`classes: 'is_phone'`); `rule` is a shorthand kept for existing
 * definitions and is rendered as one more class. The page renders `fieldClasses(field)` on the control,
 * the browser reads the class list back from the rendered control, and the server checks
 * `fieldRule(field)`: the same class list through the same `ruleOf`.
 */
export interface FieldSpec {
  name: string;
  label: string;
  /** The field's classes as rendered on its control, space-separated (§5 rule classes among them). */
  classes?: string;
  rule?: FieldRule;
  /** A select's choices: a nonblank value must be one of them (issue 17), whatever the rule says. */
  options?: readonly string[];
}

/** Whether a value is one the field offers: any value for a field without options; blank is left to the rule. */
export function isOffered(field: Pick<FieldSpec, 'options'>, value: string): boolean {
  return field.options === undefined || isBlank(value) || field.options.includes(value);
}

/** §5 status of one field, with a select's value also checked against its options. */
export function specStatus(field: FieldSpec, value: string, verifier = ''): FieldStatus {
  return isOffered(field, value) ? fieldStatus(fieldRule(field), value, verifier) : 'error';
}

/** The class list a field's control is rendered with: its own classes, then its `rule` shorthand. */
export function fieldClasses(field: FieldSpec): string[] {
  const own = (field.classes ?? '').split(/\s+/).filter((name) => name !== '');
  return field.rule !== undefined && !own.includes(field.rule) ? [...own, field.rule] : own;
}

/** §5: the rule a field's class list gives it (undefined: no rule class). */
/**
 * Issue 51: whether a field holds what the visitor typed (a problem report masks it): not a select's
 * choice, not the captcha's answer (both must stay as they were for the form to take the same path).
 */
export function isTypedField(field: FieldSpec): boolean {
  return field.options === undefined && fieldRule(field) !== 'captcha';
}

export function fieldRule(field: FieldSpec): FieldRule | undefined {
  return ruleOf(fieldClasses(field));
}

/**
 * The fields as the page rendered them: each control's class list, read from the page, replaces the
 * definition's classes (so what the markup says is what the browser checks, §5).
 */
export function withRenderedClasses(fields: readonly FieldSpec[], rendered: Readonly<Record<string, string>>): FieldSpec[] {
  return fields.map((field) => {
    const classes = rendered[field.name];
    // The options stay: a select's choices are part of its check on both sides (issue 17).
    return classes === undefined ? field : { name: field.name, label: field.label, classes, ...(field.options ? { options: field.options } : {}) };
  });
}

export type FieldValues = Readonly<Record<string, string>>;

/** Every field's status; `verifier` is the captcha verifier posted with the form. */
export function checkFields(fields: readonly FieldSpec[], values: FieldValues, verifier = ''): Record<string, FieldStatus> {
  return Object.fromEntries(fields.map((field) => [field.name, specStatus(field, values[field.name] ?? '', verifier)]));
}

export function invalidFields(fields: readonly FieldSpec[], statuses: Readonly<Record<string, FieldStatus>>): FieldSpec[] {
  return fields.filter((field) => statuses[field.name] === 'error');
}

/**
 * What a visitor is told for a failed rule. §5 shows no texts (only classes change); these exist
 * for screen readers and for the server's 4xx answers, and the same words appear on both sides.
 */
export const RULE_MESSAGES: Readonly<Record<FieldRule, string>> = {
  is_empty: 'Please fill this in.',
  is_email: 'Enter an e-mail address such as name@example.org.',
  is_ext_email: 'Enter an e-mail address such as jürgen@example.org.',
  is_special_email: 'Enter an e-mail address such as first+last@example.org.',
  is_phone: 'Enter a phone number of at least 3 digits (spaces, dashes, brackets and “ext” are fine).',
  is_number: 'Enter a number such as 12 or -3.5.',
  is_positiv_number: 'Enter a number of 0 or more, such as 4 or 2.5.',
  captcha: 'Enter the sum shown, as one digit.',
};

/** The message for a field that failed its rule (undefined when it has none). */
export function ruleMessage(field: FieldSpec): string | undefined {
  const rule = fieldRule(field);
  return rule === undefined ? undefined : RULE_MESSAGES[rule];
}

/** Said when a select's value is not one of its options (a post the page's own form cannot make). */
export const OPTION_MESSAGE = 'Choose one of the options offered.';

/** What a visitor is told about one field that failed its check. */
export function fieldMessage(field: FieldSpec, value: string): string {
  if (!isOffered(field, value)) return OPTION_MESSAGE;
  return ruleMessage(field) ?? 'Please check this.';
}
