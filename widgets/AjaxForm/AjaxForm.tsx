import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ajaxFormMachine } from '../../machines/ajax-form/ajax-form.machine';
import { HONEYPOT_FIELD, VERIFIER_FIELD, type FormDefinition, type FormField } from '../../machines/ajax-form/ajax-form.definition';
import { translate } from '../../runtime/translations';
import { connectAjaxForm, type AjaxFormFieldApi } from './ajax-form.connect';
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
 * Without JS the same markup is a plain form that posts to its action. ARIA and the submit:
 * ajax-form.connect.ts.
 */
export function AjaxFormView({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const { form, captcha } = content;
  const t = translate(ajaxFormTranslations, content.translations);
  const api = connectAjaxForm(snapshot, actorRef.send, t, content);

  return (
    <div className={`ajax-form ajax-form--${form.variant}`}>
      {api.errorAnswer ? <div className="ajax-form__server-error" dangerouslySetInnerHTML={{ __html: api.errorAnswer }} /> : null}
      <form id={form.id} className="ajax-form__form" {...api.formProps}>
        <div className="ajax-form__summary" {...api.summaryProps}>
          {api.summaryText}
        </div>
        {form.fields.map((field) => (
          <Field key={field.name} field={field} api={api.getField(field)} choose={t.choose} />
        ))}
        <p className="ajax-form__honeypot" aria-hidden="true">
          <label htmlFor={`${form.id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input id={`${form.id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </p>
        {captcha ? <input type="hidden" name={VERIFIER_FIELD} value={captcha.verifier} /> : null}
        <p className="ajax-form__actions">
          <button type="submit" className="button" {...api.submitProps}>
            {api.submitText}
          </button>
        </p>
        <p className="ajax-form__status" {...api.statusProps}>
          {api.statusText}
        </p>
      </form>
      {api.answer !== null ? <div className="ajax-form__answer" {...api.answerProps} dangerouslySetInnerHTML={{ __html: api.answer }} /> : null}
    </div>
  );
}

interface FieldProps {
  field: FormField;
  api: AjaxFormFieldApi;
  /** A select's empty first option, in the page's language. */
  choose: string;
}

function Field({ field, api, choose }: FieldProps) {
  const notes = (
    <>
      {field.hint ? (
        <span {...api.hintProps} className="ajax-form__hint">
          {field.hint}
        </span>
      ) : null}
      <span {...api.errorProps} className="ajax-form__error">
        {api.errorText}
      </span>
    </>
  );
  if (field.control === 'radio') {
    // A choice of a few: radios in a fieldset named by its legend (the options are checked as a select's are).
    return (
      <fieldset className={api.parentClass} {...api.groupProps}>
        <legend>{api.label}</legend>
        {(field.options ?? []).map((option, index) => (
          <label key={option} className="ajax-form__choice">
            <input {...api.getRadioProps(index)} type="radio" value={option} defaultChecked={false} /> {option}
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }
  const control =
    field.control === 'textarea' ? (
      <textarea {...api.controlProps} rows={6} maxLength={field.maxLength} defaultValue="" />
    ) : field.control === 'select' ? (
      <select {...api.controlProps} defaultValue="">
        <option value="">{choose}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    ) : field.control === 'checkbox' ? (
      <input {...api.controlProps} type="checkbox" value="true" defaultChecked={false} />
    ) : (
      <input
        {...api.controlProps}
        type={field.control === 'email' || field.control === 'tel' ? field.control : 'text'}
        autoComplete={field.control === 'captcha' ? 'off' : field.autoComplete}
        inputMode={field.inputMode}
        maxLength={field.maxLength}
        defaultValue=""
      />
    );
  return (
    <p className={api.parentClass}>
      {field.control === 'checkbox' ? (
        <>
          {control}
          <label {...api.labelProps}>{api.label}</label>
        </>
      ) : (
        <>
          <label {...api.labelProps}>{api.label}</label>
          {control}
        </>
      )}
      {notes}
    </p>
  );
}
