import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ajaxFormMachine } from '../../machines/ajax-form/ajax-form.machine';
import { fieldClasses, fieldRule, invalidFields, type FieldSpec, type FieldStatus } from '../../machines/ajax-form/ajax-form.rules';
import { HONEYPOT_FIELD, VERIFIER_FIELD, type FormDefinition, type FormField } from '../../machines/ajax-form/ajax-form.definition';
import { format, translate, type Translations } from '../../runtime/translations';
import { ajaxFormTranslations, type AjaxFormTranslations } from './ajax-form.translations';

export interface AjaxFormContent {
  form: FormDefinition;
  /** The contact form's captcha: the question shown and the signed verifier posted back. */
  captcha?: { question: string; verifier: string };
  /** Labels in the page's language over the English defaults (ajax-form.translations.ts). */
  translations?: Partial<AjaxFormTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof ajaxFormMachine>;
  content: AjaxFormContent;
}

/**
 * §4 Ajax form view: the fields with their parent marked error or valid (§5), the error summary
 * announced, the sending label, the answer in place of the form, and an error answer above it.
 * Without JS the same markup is a plain form that posts to its action.
 */
export function AjaxFormView({ actorRef, content }: Props) {
  const state = useSelector(actorRef, (s) => s.value);
  const statuses = useSelector(actorRef, (s) => s.context.statuses);
  const answer = useSelector(actorRef, (s) => s.context.answer);
  const errorAnswer = useSelector(actorRef, (s) => s.context.errorAnswer);
  // The fields as last checked: their rules come from the rendered class lists (§5).
  const checked = useSelector(actorRef, (s) => s.context.fields);
  const { form, captcha } = content;
  const sending = state === 'sending';
  const answered = state === 'answered' || state === 'redirecting';
  const invalid = state === 'invalid' ? invalidFields(form.fields, statuses) : [];
  const t = translate(ajaxFormTranslations, content.translations);
  const failedLabels = invalid.map((f) => f.label).join(', ');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') values[name] = value;
    actorRef.send({ type: 'form.submit', values, classes: renderedClasses(event.currentTarget) });
  }

  return (
    <div className={`ajax-form ajax-form--${form.variant}`}>
      {errorAnswer ? <div className="ajax-form__server-error" dangerouslySetInnerHTML={{ __html: errorAnswer }} /> : null}
      <form id={form.id} className="ajax-form__form" action={form.action} method="post" noValidate onSubmit={submit} hidden={answered}>
        <div className="ajax-form__summary" role="alert">
          {invalid.length > 0 ? format(invalid.length === 1 ? t.summaryOne : t.summaryMany, { count: invalid.length, fields: failedLabels }) : ''}
        </div>
        {form.fields.map((field) => (
          <Field
            key={field.name}
            formId={form.id}
            field={field}
            checked={checked.find((c) => c.name === field.name) ?? field}
            status={statuses[field.name]}
            question={captcha?.question}
            translations={t}
          />
        ))}
        <p className="ajax-form__honeypot" aria-hidden="true">
          <label htmlFor={`${form.id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input id={`${form.id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </p>
        {captcha ? <input type="hidden" name={VERIFIER_FIELD} value={captcha.verifier} /> : null}
        <p className="ajax-form__actions">
          <button type="submit" className="button" aria-disabled={sending ? true : undefined}>
            {sending ? t.sending : form.submitLabel}
          </button>
        </p>
        <p className="ajax-form__status" role="status">
          {state === 'failed' ? t.retry : sending ? t.sendingStatus : ''}
        </p>
      </form>
      {answered ? <div className="ajax-form__answer" tabIndex={-1} dangerouslySetInnerHTML={{ __html: answer }} /> : null}
    </div>
  );
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

interface FieldProps {
  formId: string;
  field: FormField;
  /** The same field with the rule last checked in the browser (its rendered class list). */
  checked: FieldSpec;
  status: FieldStatus | undefined;
  question?: string;
  translations: Translations<AjaxFormTranslations>;
}

function Field({ formId, field, checked, status, question, translations: t }: FieldProps) {
  const rule = fieldRule(checked);
  const id = `${formId}-${field.name}`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const error = status === 'error';
  const shared = {
    id,
    name: field.name,
    className: fieldClasses(field).join(' ') || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': fieldRule(field) ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' '),
  } as const;
  const label = field.control === 'captcha' && question ? `${field.label}: ${question}` : field.label;
  const parentClass = `form_element form_element--${field.control}${status === 'error' || status === 'valid' ? ` ${status}` : ''}`;
  const notes = (
    <>
      {field.hint ? (
        <span id={hintId} className="ajax-form__hint">
          {field.hint}
        </span>
      ) : null}
      <span id={errorId} className="ajax-form__error">
        {error && rule !== undefined ? t[rule] : ''}
      </span>
    </>
  );
  if (field.control === 'radio') {
    // A choice of a few: radios in a fieldset named by its legend (the options are checked as a select's are).
    const { id: _id, ...radio } = shared;
    return (
      <fieldset className={parentClass} aria-describedby={radio['aria-describedby']}>
        <legend>{label}</legend>
        {(field.options ?? []).map((option, index) => (
          <label key={option} className="ajax-form__choice">
            <input {...radio} aria-describedby={undefined} id={index === 0 ? id : undefined} type="radio" value={option} defaultChecked={false} /> {option}
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }
  const control =
    field.control === 'textarea' ? (
      <textarea {...shared} rows={6} maxLength={field.maxLength} defaultValue="" />
    ) : field.control === 'select' ? (
      <select {...shared} defaultValue="">
        <option value="">{t.choose}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    ) : field.control === 'checkbox' ? (
      <input {...shared} type="checkbox" value="true" defaultChecked={false} />
    ) : (
      <input
        {...shared}
        type={field.control === 'email' || field.control === 'tel' ? field.control : 'text'}
        autoComplete={field.control === 'captcha' ? 'off' : field.autoComplete}
        inputMode={field.inputMode}
        maxLength={field.maxLength}
        defaultValue=""
      />
    );
  return (
    <p className={parentClass}>
      {field.control === 'checkbox' ? (
        <>
          {control}
          <label htmlFor={id}>{label}</label>
        </>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {control}
        </>
      )}
      {notes}
    </p>
  );
}
