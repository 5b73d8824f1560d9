import { fromPromise } from 'xstate';
import { ajaxFormMachine, type FormAnswer, type FormRequest } from '../../machines/ajax-form/ajax-form.machine';
import { postForm } from '../../runtime/http';
import { defineWidget } from '../../runtime/widget';
import { AjaxFormView, type AjaxFormContent } from './AjaxForm';
import { ajaxFormSettings } from './ajax-form.settings';
import { ajaxFormTranslations } from './ajax-form.translations';

export default defineWidget({
  name: 'ajax-form',
  settings: ajaxFormSettings,
  machine: ajaxFormMachine,
  input: (settings, content: AjaxFormContent) => ({
    action: content.form.action,
    fields: content.form.fields,
    variant: content.form.variant,
    redirect: settings.redirect || content.form.redirect,
    verifier: content.captcha?.verifier,
  }),
  provide: ({ element, clock }) => ({
    actors: {
      sendForm: fromPromise<FormAnswer, FormRequest>(async ({ input, signal }) => {
        const answer = await postForm(input.action, input.values, signal);
        return { status: answer.status, html: answer.text };
      }),
    },
    actions: {
      focusFirstInvalid: (_, { name }) => element.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus(),
      // After React has shown the answer.
      focusAnswer: () => void clock.requestFrame(() => element.querySelector<HTMLElement>('.ajax-form__answer')?.focus()),
      redirect: (_, { url }) => window.location.assign(url),
    },
  }),
  translations: ajaxFormTranslations,
  View: AjaxFormView,
  // A visitor reaches a form by scrolling to it or tabbing into it; a post before hydration is replayed.
  hydrate: 'idle',
});
