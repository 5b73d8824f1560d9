// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../machines/ajax-form/ajax-form.definition';
import { ajaxFormMachine, type AjaxFormContext, type AjaxFormEvent } from '../../machines/ajax-form/ajax-form.machine';
import { connectAjaxForm } from './ajax-form.connect';
import { ajaxFormTranslations } from './ajax-form.translations';

const form: FormDefinition = {
  id: 'contact-form',
  action: '/forms/contact',
  variant: 'contact',
  submitLabel: 'Send message',
  fields: [
    { name: 'name', label: 'Name', control: 'text', rule: 'is_empty' },
    { name: 'email', label: 'E-mail', control: 'email', rule: 'is_email', hint: 'We only use it to answer.' },
    { name: 'topic', label: 'Topic', control: 'radio', options: ['Care', 'Visits'] },
    { name: 'captcha', label: 'Sum', control: 'captcha', rule: 'captcha' },
  ],
};

type Value = 'idle' | 'invalid' | 'sending' | 'failed' | 'answered' | 'redirecting' | 'rejected';

function connected(value: Value, context: Partial<AjaxFormContext> = {}, t = ajaxFormTranslations) {
  const sent: AjaxFormEvent[] = [];
  const snapshot = ajaxFormMachine.resolveState({
    value,
    context: { action: form.action, fields: form.fields, variant: 'contact', values: {}, statuses: {}, answer: '', errorAnswer: '', failures: 0, ...context },
  });
  return { api: connectAjaxForm(snapshot, (event) => sent.push(event), t, { form, captcha: { question: '3 + 4?' } }), sent };
}
const field = (name: string) => {
  const found = form.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

describe('the ajax form connect layer (§4, §5: described, invalid and required fields; announced summary and status)', () => {
  it('idle: each control names its hint and error line, says it is required when it has a rule, and is not invalid', () => {
    const { api } = connected('idle');
    expect(api.getField(field('email')).controlProps).toEqual({
      id: 'contact-form-email',
      name: 'email',
      className: 'is_email',
      'aria-invalid': undefined,
      'aria-required': true,
      'aria-describedby': 'contact-form-email-hint contact-form-email-error',
    });
    expect(api.getField(field('topic')).controlProps).toMatchObject({ className: undefined, 'aria-required': undefined, 'aria-describedby': 'contact-form-topic-error' });
    expect(api.getField(field('email')).labelProps.htmlFor).toBe('contact-form-email');
    expect([api.getField(field('email')).hintProps.id, api.getField(field('name')).hintProps.id]).toEqual(['contact-form-email-hint', undefined]);
    expect(api.getField(field('captcha')).label).toBe('Sum: 3 + 4?');
    expect(api.formProps).toMatchObject({ action: '/forms/contact', method: 'post', noValidate: true, hidden: false });
    expect([api.summaryText, api.statusText, api.submitProps['aria-disabled'], api.submitText, api.answer]).toEqual(['', '', undefined, 'Send message', null]);
  });

  it('invalid: the failed fields are marked invalid with their rule’s message, the parent gets error or valid, and the summary names them', () => {
    const { api } = connected('invalid', { statuses: { name: 'error', email: 'error', captcha: 'valid' } });
    const email = api.getField(field('email'));
    expect(email.controlProps['aria-invalid']).toBe(true);
    expect(email.parentClass).toBe('form_element form_element--email error');
    expect(email.errorProps.id).toBe('contact-form-email-error');
    expect(email.errorText).toBe(ajaxFormTranslations.is_email);
    expect(api.getField(field('captcha'))).toMatchObject({ parentClass: 'form_element form_element--captcha valid', errorText: '' });
    expect(api.summaryProps.role).toBe('alert');
    expect(api.summaryText).toBe('2 fields need attention: Name, E-mail.');
    expect(connected('invalid', { statuses: { name: 'error' } }).api.summaryText).toBe('One field needs attention: Name.');
  });

  it('the rule is the one last checked in the page: a class list the page rendered differently decides the message', () => {
    const fields = form.fields.map((f) => (f.name === 'name' ? { ...f, classes: 'is_email', rule: undefined } : f));
    const { api } = connected('invalid', { statuses: { name: 'error' }, fields });
    expect(api.getField(field('name')).errorText).toBe(ajaxFormTranslations.is_email);
  });

  it('radios: the fieldset carries the description, the first radio the id, none the description', () => {
    const topic = connected('invalid', { statuses: { topic: 'error' } }).api.getField(field('topic'));
    expect(topic.groupProps).toEqual({ 'aria-describedby': 'contact-form-topic-error' });
    expect(topic.getRadioProps(0)).toEqual({ name: 'topic', className: undefined, 'aria-invalid': true, 'aria-required': undefined, 'aria-describedby': undefined, id: 'contact-form-topic' });
    expect(topic.getRadioProps(1).id).toBeUndefined();
  });

  it('sending: the button is aria-disabled with the sending label and the status says so; a failure asks to retry', () => {
    const { api } = connected('sending');
    expect([api.submitProps['aria-disabled'], api.submitText, api.statusProps.role, api.statusText]).toEqual([true, 'Sending', 'status', 'Sending…']);
    expect(connected('failed').api.statusText).toBe(ajaxFormTranslations.retry);
  });

  it('answered or redirecting: the form is hidden and the answer shows, focusable; an error answer shows above the form', () => {
    const { api } = connected('answered', { answer: '<p>Thank you</p>' });
    expect(api.formProps.hidden).toBe(true);
    expect(api.answer).toBe('<p>Thank you</p>');
    expect(api.answerProps.tabIndex).toBe(-1);
    expect(connected('redirecting').api.formProps.hidden).toBe(true);
    const rejected = connected('rejected', { errorAnswer: '<div class="av-form-error-container">No</div>', answer: 'x' });
    expect([rejected.api.errorAnswer, rejected.api.answer, rejected.api.formProps.hidden]).toEqual(['<div class="av-form-error-container">No</div>', null, false]);
  });

  it('submit: the default post is prevented and the values with each control’s rendered classes are sent', () => {
    const { api, sent } = connected('idle');
    document.body.innerHTML = `<form><input name="name" class="is_empty x" value="Ada"><input name="email" class="is_email" value="ada@example.org">
      <input type="radio" name="topic" value="Care" checked><input type="radio" name="topic" value="Visits"><input type="checkbox" name="news" value="true"></form>`;
    const element = document.querySelector('form');
    if (!element) throw new Error('fixture missing');
    let prevented = false;
    api.formProps.onSubmit({ currentTarget: element, preventDefault: () => void (prevented = true) });
    expect(prevented).toBe(true);
    expect(sent).toEqual([
      {
        type: 'form.submit',
        values: { name: 'Ada', email: 'ada@example.org', topic: 'Care' },
        classes: { name: 'is_empty x', email: 'is_email', topic: '', news: '' },
      },
    ]);
  });

  it('its labels come from the translations', () => {
    const t = { ...ajaxFormTranslations, summaryOne: 'حقل يحتاج انتباهك: {fields}.', sending: 'جارٍ الإرسال', is_empty: 'يرجى ملء هذا الحقل.' };
    expect(connected('invalid', { statuses: { name: 'error' } }, t).api.summaryText).toBe('حقل يحتاج انتباهك: Name.');
    expect(connected('invalid', { statuses: { name: 'error' } }, t).api.getField(field('name')).errorText).toBe('يرجى ملء هذا الحقل.');
    expect(connected('sending', {}, t).api.submitText).toBe('جارٍ الإرسال');
  });
});
