import type { FieldControl, FormDefinition, FormField } from '../../machines/ajax-form/ajax-form.definition';

/**
 * The site's two forms (§3 Contact form): each field's name, label, control and rule class. The
 * pages render them and the server checks posts against them, so a browser can never choose its
 * own rules (docs/design.md invariant 6).
 */
/** §5: `classes` is the field's class list as rendered; a rule class in it (is_email, ...) gives its check. */
const field = (name: string, label: string, control: FieldControl, classes: string | undefined, extra: Partial<FormField> = {}): FormField => ({
  name,
  label,
  control,
  ...(classes ? { classes } : {}),
  ...extra,
});

/** Every field class of §5 appears on the contact form, declared by class as a site owner would. */
export const contactForm: FormDefinition = {
  id: 'contact-form',
  action: '/forms/contact',
  variant: 'contact',
  submitLabel: 'Send message',
  fields: [
    field('name', 'Your name', 'text', 'is_empty', { autoComplete: 'name', maxLength: 200 }),
    field('email', 'E-mail', 'email', 'is_email', { autoComplete: 'email', maxLength: 254 }),
    field('family_email', 'Family e-mail', 'text', 'is_ext_email', { hint: 'Umlauts such as ä, ö, ü are fine.', maxLength: 254 }),
    field('school_email', 'School or care-team e-mail', 'text', 'is_special_email', {
      hint: 'Addresses with +, / or other special characters are fine.',
      maxLength: 254,
    }),
    field('phone', 'Phone', 'tel', 'is_phone', { autoComplete: 'tel', hint: 'Spaces, dashes, brackets and “ext” are fine.', maxLength: 60 }),
    field('child_age', 'Child’s age in years', 'text', 'is_positiv_number', { inputMode: 'decimal', hint: 'For example 4 or 2.5.', maxLength: 20 }),
    field('weight_change', 'Weight change since the last visit, in pounds', 'text', 'is_number', {
      inputMode: 'decimal',
      hint: 'Use a minus for a loss, for example -1.5.',
      maxLength: 20,
    }),
    field('topic', 'What is it about?', 'select', 'is_empty', { options: ['Home care', 'Day centre', 'Family support', 'Something else'] }),
    // Optional; a choice of three, so the form has every kind of control (issue 22 replays each before hydration).
    field('writing_as', 'I am writing as', 'radio', undefined, { options: ['A parent or carer', 'A professional', 'Someone else'] }),
    field('message', 'Message', 'textarea', 'is_empty', { maxLength: 5000 }),
    field('reply_by_phone', 'Call me back instead of writing', 'checkbox', undefined),
    field('consent', 'I agree that Harbourlight stores this message to answer it', 'checkbox', 'is_empty'),
    field('captcha', 'Anti-spam question', 'captcha', 'captcha', { inputMode: 'numeric', maxLength: 2 }),
  ],
};

export const newsletterForm: FormDefinition = {
  id: 'newsletter-form',
  action: '/forms/newsletter',
  variant: 'newsletter',
  submitLabel: 'Subscribe',
  fields: [field('email', 'Your e-mail', 'email', 'is_email', { autoComplete: 'email', maxLength: 254 })],
};
