import type { SnapshotFrom } from 'xstate';
import type { ajaxFormMachine, AjaxFormEvent } from '../../machines/ajax-form/ajax-form.machine';
import { fieldClasses, fieldRule, invalidFields } from '../../machines/ajax-form/ajax-form.rules';
import type { FormDefinition, FormField } from '../../machines/ajax-form/ajax-form.definition';
import { format, type Translations } from '../../runtime/translations';
import type { AjaxFormTranslations } from './ajax-form.translations';

type Snapshot = SnapshotFrom<typeof ajaxFormMachine>;

/** What the submit handler reads: the form, whose controls it collects at the submit. */
export interface SubmitInput {
  currentTarget: HTMLFormElement;
  preventDefault(): void;
}

/** §5: each named control's class list as the page has it, which decides the rule the browser checks. */
function renderedClasses(form: HTMLFormElement): Record<string, string> {
  const classes: Record<string, string> = {};
  for (const control of Array.from(form.elements)) {
    const name = control.getAttribute('name');
    if (name) classes[name] = control.getAttribute('class') ?? '';
  }
  return classes;
}

/**
 * §4, §5 Ajax form: the fields checked in the page, each control naming its hint and its error
 * message (`aria-describedby`), `aria-invalid` once it failed its rule and `aria-required` when it
 * has one; the summary of failed fields announced (`role=alert`); the button `aria-disabled` while
 * sending (it cannot resend); the sending and retry lines announced (`role=status`); the answer
 * focusable in place of the form. The submit sends the values and the rendered class lists. No key
 * of ours: Enter in a field is the browser's implicit submission, which an input method composing
 * text (Enter picking a candidate) does not trigger.
 */
export function connectAjaxForm(
  snapshot: Snapshot,
  send: (event: AjaxFormEvent) => void,
  t: Translations<AjaxFormTranslations>,
  content: { form: FormDefinition; captcha?: { question: string } },
) {
  const { statuses, answer, errorAnswer, fields: checkedFields } = snapshot.context;
  const { form, captcha } = content;
  const sending = snapshot.matches('sending');
  const answered = snapshot.matches('answered') || snapshot.matches('redirecting');
  const invalid = snapshot.matches('invalid') ? invalidFields(form.fields, statuses) : [];
  const fields = invalid.map((field) => field.label).join(', ');

  return {
    /** An error answer shown above the form (§7), as the server wrote it. */
    errorAnswer,
    /** The answer shown in place of the form once sent, as the server wrote it. */
    answer: answered ? answer : null,
    formProps: {
      action: form.action,
      method: 'post',
      noValidate: true,
      onSubmit(event: SubmitInput) {
        event.preventDefault();
        const values: Record<string, string> = {};
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') values[name] = value;
        send({ type: 'form.submit', values, classes: renderedClasses(event.currentTarget) });
      },
      hidden: answered,
    } as const,
    summaryProps: { role: 'alert' } as const,
    summaryText: invalid.length > 0 ? format(invalid.length === 1 ? t.summaryOne : t.summaryMany, { count: invalid.length, fields }) : '',
    getField(field: FormField) {
      // The rule as last checked in the browser: the rendered class list (§5).
      const rule = fieldRule(checkedFields.find((c) => c.name === field.name) ?? field);
      const status = statuses[field.name];
      const id = `${form.id}-${field.name}`;
      const hintId = field.hint ? `${id}-hint` : undefined;
      const errorId = `${id}-error`;
      const error = status === 'error';
      const describedBy = [hintId, errorId].filter(Boolean).join(' ');
      const shared = {
        name: field.name,
        className: fieldClasses(field).join(' ') || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': fieldRule(field) ? true : undefined,
      } as const;
      return {
        /** §5: the parent is marked error or valid once checked. */
        parentClass: `form_element form_element--${field.control}${status === 'error' || status === 'valid' ? ` ${status}` : ''}`,
        label: field.control === 'captcha' && captcha?.question ? `${field.label}: ${captcha.question}` : field.label,
        labelProps: { htmlFor: id } as const,
        controlProps: { id, ...shared, 'aria-describedby': describedBy } as const,
        /** A choice of radios: the fieldset carries the description; the first radio carries the id its label and errors point at. */
        groupProps: { 'aria-describedby': describedBy } as const,
        getRadioProps: (index: number) => ({ ...shared, 'aria-describedby': undefined, id: index === 0 ? id : undefined }) as const,
        hintProps: { id: hintId } as const,
        errorProps: { id: errorId } as const,
        errorText: error && rule !== undefined ? t[rule] : '',
      };
    },
    submitProps: { 'aria-disabled': sending ? true : undefined } as const,
    submitText: sending ? t.sending : form.submitLabel,
    statusProps: { role: 'status' } as const,
    statusText: snapshot.matches('failed') ? t.retry : sending ? t.sendingStatus : '',
    answerProps: { tabIndex: -1 } as const,
  };
}

/** One field's props and texts (`connectAjaxForm(...).getField(field)`). */
export type AjaxFormFieldApi = ReturnType<ReturnType<typeof connectAjaxForm>['getField']>;
