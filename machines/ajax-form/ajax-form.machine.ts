import { assign, fromPromise, setup } from 'xstate';
import { checkFields, invalidFields, withRenderedClasses, type FieldSpec, type FieldStatus, type FieldValues } from './ajax-form.rules';

/**
 * §4 Ajax form: idle, then validating; on errors the fields are marked; if valid the form is
 * sending (the button shows the sending label and cannot resend); then the response is shown, or a
 * redirect happens when a redirect target is set. An answer holding the error container (§7: the
 * newsletter's av-form-error-container) is shown above the form and the form can be sent again.
 * A network failure, which the original ignored (§8), keeps the form and asks to retry.
 */

/** §7 Newsletter form: the error answer carries an element with this class. */
export const ERROR_CONTAINER_CLASS = 'av-form-error-container';
/** §3 Contact form: the newsletter variant sends this extra flag. */
export const NEWSLETTER_FLAG = 'ajax_mailchimp';

export type FormVariant = 'contact' | 'newsletter';

export interface AjaxFormInput {
  /** The form's action address. */
  action: string;
  fields: readonly FieldSpec[];
  variant: FormVariant;
  /** §3: an optional redirect target; when set it wins over showing the answer. */
  redirect?: string;
  /** The captcha verifier the page was served with, if the form has a captcha. */
  verifier?: string;
}

export interface FormRequest {
  action: string;
  values: FieldValues;
}

/** What the form's action answered: the HTTP status and the HTML fragment. */
export interface FormAnswer {
  status: number;
  html: string;
}

export interface AjaxFormContext extends AjaxFormInput {
  values: FieldValues;
  statuses: Readonly<Record<string, FieldStatus>>;
  /** The answer shown in place of the form. */
  answer: string;
  /** An error answer shown above the form. */
  errorAnswer: string;
  /** How many sends failed in a row (the view words the retry message by it). */
  failures: number;
}

/**
 * A submit: the values, and (from the page) each control's class list by field name, so the rule
 * the browser checks is the one the rendered markup declares (§5). Without it the definitions' apply.
 */
export type AjaxFormEvent = { type: 'form.submit'; values: FieldValues; classes?: Readonly<Record<string, string>> };

export const ajaxFormMachine = setup({
  types: {} as { context: AjaxFormContext; input: AjaxFormInput; events: AjaxFormEvent },
  actors: {
    // The widget provides the real transport (runtime/http.ts); without one, sending fails visibly.
    sendForm: fromPromise<FormAnswer, FormRequest>(async () => {
      throw new Error('no transport was provided for sendForm');
    }),
  },
  actions: {
    readValues: assign(({ context, event }) => ({
      values: event.values,
      fields: event.classes ? withRenderedClasses(context.fields, event.classes) : context.fields,
    })),
    checkValues: assign(({ context }) => ({ statuses: checkFields(context.fields, context.values, context.verifier ?? '') })),
    clearErrorAnswer: assign({ errorAnswer: '' }),
    storeAnswer: assign((_, answer: FormAnswer) => ({ answer: answer.html, failures: 0 })),
    storeErrorAnswer: assign((_, answer: FormAnswer) => ({ errorAnswer: answer.html, failures: 0 })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    // Effects the widget provides: focus (§4 accessible errors) and the redirect (§3).
    focusFirstInvalid: (_, _params: { name: string }) => {},
    focusAnswer: () => {},
    redirect: (_, _params: { url: string }) => {},
  },
  guards: {
    hasInvalidFields: ({ context }) => invalidFields(context.fields, context.statuses).length > 0,
    isErrorAnswer: (_, answer: FormAnswer) => answer.html.includes(ERROR_CONTAINER_CLASS),
    isUnusableAnswer: (_, answer: FormAnswer) => answer.status >= 400,
    hasRedirect: ({ context }) => (context.redirect ?? '') !== '',
  },
}).createMachine({
  id: 'ajaxForm',
  context: ({ input }) => ({ ...input, values: {}, statuses: {}, answer: '', errorAnswer: '', failures: 0 }),
  initial: 'idle',
  states: {
    idle: { on: { 'form.submit': { target: 'validating', actions: 'readValues' } } },
    validating: {
      entry: 'checkValues',
      always: [{ guard: 'hasInvalidFields', target: 'invalid' }, { target: 'sending' }],
    },
    invalid: {
      entry: {
        type: 'focusFirstInvalid',
        params: ({ context }) => ({ name: invalidFields(context.fields, context.statuses)[0]?.name ?? '' }),
      },
      on: { 'form.submit': { target: 'validating', actions: 'readValues' } },
    },
    // No form.submit here: a sending form cannot resend (§4).
    sending: {
      entry: 'clearErrorAnswer',
      invoke: {
        src: 'sendForm',
        input: ({ context }) => ({
          action: context.action,
          values: context.variant === 'newsletter' ? { ...context.values, [NEWSLETTER_FLAG]: 'true' } : context.values,
        }),
        onDone: [
          {
            guard: { type: 'isErrorAnswer', params: ({ event }) => event.output },
            target: 'rejected',
            actions: { type: 'storeErrorAnswer', params: ({ event }) => event.output },
          },
          { guard: { type: 'isUnusableAnswer', params: ({ event }) => event.output }, target: 'failed', actions: 'countFailure' },
          { guard: 'hasRedirect', target: 'redirecting', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
          { target: 'answered', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'countFailure' },
      },
    },
    rejected: { on: { 'form.submit': { target: 'validating', actions: 'readValues' } } },
    failed: { on: { 'form.submit': { target: 'validating', actions: 'readValues' } } },
    answered: { entry: 'focusAnswer' },
    redirecting: { entry: { type: 'redirect', params: ({ context }) => ({ url: context.redirect ?? '' }) } },
  },
});
