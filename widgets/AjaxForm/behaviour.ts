import { fromPromise, type ActorRefFrom, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { ajaxFormMachine, type AjaxFormEvent, type FormAnswer, type FormRequest } from '../../machines/ajax-form/ajax-form.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { postForm } from '../../runtime/http';
import { translate } from '../../runtime/translations';
import { defineBehaviour, type Masks } from '../../runtime/widget';
import { isTypedField } from '../../machines/ajax-form/ajax-form.rules';
import type { AjaxFormContent } from './AjaxForm';
import { connectAjaxForm } from './ajax-form.connect';
import { ajaxFormSettings } from './ajax-form.settings';
import { ajaxFormTranslations } from './ajax-form.translations';

/** The island's own markup, as AjaxForm.tsx renders it. */
const ROOT = ':scope > .ajax-form';
const FORM = ':scope > .ajax-form__form';
const SERVER_ERROR = ':scope > .ajax-form__server-error';
const ANSWER = ':scope > .ajax-form__answer';
const SUMMARY = ':scope > .ajax-form__summary';
const SUBMIT = ':scope > .ajax-form__actions > button[type="submit"]';
const STATUS = ':scope > .ajax-form__status';
const ERROR = ':scope > .ajax-form__error';

type Snapshot = SnapshotFrom<typeof ajaxFormMachine>;

const connect = (snapshot: Snapshot, send: (event: AjaxFormEvent) => void, content: AjaxFormContent) =>
  connectAjaxForm(snapshot, send, translate(ajaxFormTranslations, content.translations), content);

/** The form's controls named `name` (a choice of radios has several), found without CSS.escape. */
function controlsNamed(form: HTMLFormElement, name: string): HTMLElement[] {
  return [...form.elements].filter((control): control is HTMLElement => control instanceof HTMLElement && control.getAttribute('name') === name);
}

function writeText(element: Element | null, text: string) {
  if (element && element.textContent !== text) element.textContent = text;
}

/** The server's HTML last written into each answer element (its serialisation may differ from what was written). */
const written = new WeakMap<Element, string>();

/**
 * The server's answer as the view's `dangerouslySetInnerHTML` places it: a div of `className`, made
 * where `place` puts it when there is an answer, its HTML the server's, removed when there is none.
 */
function drawAnswer(root: Element, selector: string, className: string, html: string | null, place: (made: HTMLElement) => void, props: Readonly<Record<string, unknown>> = {}) {
  let shown = root.querySelector(selector);
  if (html === null) {
    shown?.remove();
    return;
  }
  if (!shown) {
    const made = root.ownerDocument.createElement('div');
    made.className = className;
    place(made);
    shown = made;
  }
  drawProps(shown, props);
  if (written.get(shown) !== html) {
    shown.innerHTML = html;
    written.set(shown, html);
  }
}

/**
 * A control's props that a state changes. Its class list is left as the page has it, as React leaves
 * it: the class list a page script gave the control decides its rule (§5), and the view, whose
 * className never changes, does not write it again either.
 */
function stateProps({ className: _rendered, ...props }: Readonly<Record<string, unknown>>) {
  return props;
}

/**
 * Draws a state on the prerendered form as AjaxForm.tsx renders it (ajax-form.connect.ts): each field's
 * parent marked error or valid, its control `aria-invalid` and its error line; the summary; the
 * button's sending label; the status line; the form hidden once answered; and the two elements the
 * view adds, the server's error answer above the form and the answer after it.
 */
export function drawAjaxForm(element: HTMLElement, snapshot: Snapshot, content: AjaxFormContent) {
  const root = element.querySelector(ROOT);
  const form = root?.querySelector<HTMLFormElement>(FORM);
  if (!root || !form) return;
  const api = connect(snapshot, () => undefined, content);
  drawAnswer(root, SERVER_ERROR, 'ajax-form__server-error', api.errorAnswer || null, (made) => root.insertBefore(made, form));
  drawProps(form, api.formProps);
  const summary = form.querySelector(SUMMARY);
  if (summary) drawProps(summary, api.summaryProps);
  writeText(summary, api.summaryText);
  for (const field of content.form.fields) {
    const fieldApi = api.getField(field);
    const controls = controlsNamed(form, field.name);
    const radios = field.control === 'radio';
    controls.forEach((control, index) => drawProps(control, stateProps(radios ? fieldApi.getRadioProps(index) : fieldApi.controlProps)));
    const parent = radios ? controls[0]?.closest('fieldset') : controls[0]?.parentElement;
    if (!parent) continue;
    drawProps(parent, radios ? { className: fieldApi.parentClass, ...fieldApi.groupProps } : { className: fieldApi.parentClass });
    const error = parent.querySelector(ERROR);
    if (error) drawProps(error, fieldApi.errorProps);
    writeText(error, fieldApi.errorText);
  }
  const submit = form.querySelector(SUBMIT);
  if (submit) drawProps(submit, api.submitProps);
  writeText(submit, api.submitText);
  const status = form.querySelector(STATUS);
  if (status) drawProps(status, api.statusProps);
  writeText(status, api.statusText);
  drawAnswer(root, ANSWER, 'ajax-form__answer', api.answer, (made) => form.after(made), api.answerProps);
}

/** The form's submit, sent to the machine by the view's own handler (the default post prevented, the values and rendered classes read). */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof ajaxFormMachine>, content: AjaxFormContent): () => void {
  const form = element.querySelector(ROOT)?.querySelector<HTMLFormElement>(FORM);
  if (!form) return () => undefined;
  return listenTo(form, {
    submit: (event) => connect(actor.getSnapshot(), actor.send, content).formProps.onSubmit({ currentTarget: form, preventDefault: () => event.preventDefault() }),
  });
}

/**
 * The ajax form without its view (issue 35, goal 2): the fields stay the browser's (uncontrolled),
 * and every state is a few attributes and texts on the prerendered form plus the server's answer
 * placed beside it, so the behaviour answers a submit itself (`answersInput` in widgets/registry.ts)
 * with no React: the newsletter form in every footer no longer brings React to every page.
 */
/**
 * Issue 51: what a problem report records of the form: the typed fields' values masked (a choice
 * and the captcha's answer kept), and the server's answer's text (it thanks the sender by name).
 */
function typed(event: AnyEventObject, mask: Masks, _settings: unknown, content: AjaxFormContent): AnyEventObject {
  if (event.type === 'form.submit') {
    const values = (event as Extract<AjaxFormEvent, { type: 'form.submit' }>).values;
    const typedNames = new Set(content.form.fields.filter(isTypedField).map((field) => field.name));
    return { ...event, values: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typedNames.has(name) ? mask.text(value) : value])) };
  }
  if (event.type.startsWith('xstate.done.actor.') && typeof event.output === 'object' && event.output !== null && 'html' in event.output) {
    const answer = event.output as FormAnswer;
    return { ...event, output: { ...answer, html: mask.html(answer.html) } };
  }
  return event;
}

export default defineBehaviour({
  name: 'ajax-form',
  typed,
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
      focusFirstInvalid: (_, { name }) => {
        const form = element.querySelector(ROOT)?.querySelector<HTMLFormElement>(FORM);
        if (form) controlsNamed(form, name)[0]?.focus();
      },
      // Once the answer is drawn (by bind at once, or by the view after its render), and only while
      // the visitor is still at the form: an answer that comes after they moved on (another field, a
      // dialog they opened) leaves focus where they are, the answer in place of the form.
      focusAnswer: () =>
        void clock.requestFrame(() => {
          const active = element.ownerDocument.activeElement;
          if (active && active !== element.ownerDocument.body && !element.contains(active)) return;
          element.querySelector<HTMLElement>(`${ROOT} > .ajax-form__answer`)?.focus();
        }),
      redirect: (_, { url }) => window.location.assign(url),
    },
  }),
  translations: ajaxFormTranslations,
  bind: drawAjaxForm,
  connect: listen,
  // A visitor reaches a form by scrolling to it or tabbing into it; a post before the behaviour arrives is held and replayed to it.
  hydrate: 'idle',
});
