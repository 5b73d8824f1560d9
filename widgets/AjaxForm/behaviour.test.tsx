// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ajaxFormMachine, type FormAnswer, type FormRequest } from '../../machines/ajax-form/ajax-form.machine';
import { RULE_MESSAGES } from '../../machines/ajax-form/ajax-form.rules';
import { Island } from '../../runtime/render/Island';
import { contactForm, newsletterForm } from '../../tests/support/demo-site';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import type { AjaxFormContent } from './AjaxForm';
import ajaxFormBehaviour, { drawAjaxForm } from './behaviour';
import ajaxForm from './widget';

/** A verifier whose digits point at 3 (the captcha's answer: ajax-form.rules.ts). */
const VERIFIER = '123456782.1700000000.signature';
/** The site's contact form, its radios required too (so that a radio's aria-invalid is drawn). */
const CONTACT: AjaxFormContent = {
  form: { ...contactForm, fields: contactForm.fields.map((field) => (field.control === 'radio' ? { ...field, classes: 'is_empty' } : field)) },
  captcha: { question: '1 + 2 = ?', verifier: VERIFIER },
};
const NEWSLETTER: AjaxFormContent = { form: newsletterForm };
const ARABIC: AjaxFormContent = { form: newsletterForm, translations: { summaryOne: 'حقل واحد يحتاج إلى انتباهك: {fields}.', sending: 'جارٍ الإرسال' } };

const prerendered = (content: AjaxFormContent, settings: Record<string, string> = {}) =>
  renderToString(<Island widget={ajaxForm} content={content} settings={settings} hydrate="idle" />);

const CONTACT_VALUES: Record<string, string> = {
  name: 'Ana Lima',
  email: 'ana@example.org',
  family_email: 'jürgen@müller.de',
  school_email: "o'neil+care@school.example",
  phone: '(555) 014-2290',
  child_age: '4',
  weight_change: '-1.5',
  topic: 'Day centre',
  writing_as: 'A professional',
  message: 'Can a nurse visit on Tuesdays?',
  consent: 'true',
  captcha: '3',
};
const THANKS: FormAnswer = { status: 200, html: '<div class="av-form-success-container"><h3>Thank you, Ana Lima</h3><p>We answer within a day.</p></div>' };
const CLOSED: FormAnswer = { status: 422, html: '<div class="av-form-error-container" role="alert"><p>The list is closed today.</p></div>' };

/** The form's machine, its sends answered by `answers` in turn (a pending send while none is left). */
function formActor(content: AjaxFormContent, answers: Array<FormAnswer | Error> = [], redirect = '') {
  const queue = [...answers];
  const machine = ajaxFormMachine.provide({
    actors: {
      sendForm: fromPromise<FormAnswer, FormRequest>(() => {
        const next = queue.shift();
        if (next === undefined) return new Promise(() => undefined);
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      }),
    },
  });
  const { form, captcha } = content;
  return createActor(machine, { input: { action: form.action, fields: form.fields, variant: form.variant, redirect, verifier: captcha?.verifier } }).start();
}

/** Each element's own text under the island (what a state writes besides attributes), in document order. */
function textsOf(html: string): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  return [...host.querySelectorAll('[data-widget] *')]
    .filter((element) => element.tagName !== 'SCRIPT')
    .map((element) => [...element.childNodes].flatMap((node) => (node.nodeType === node.TEXT_NODE ? [node.textContent] : [])).join(''));
}

/** The server's HTML the island shows: its error answer above the form and its answer after it. */
function answersOf(html: string): Array<string | undefined> {
  const host = document.createElement('div');
  host.innerHTML = html;
  return ['.ajax-form__server-error', '.ajax-form__answer'].map((selector) => host.querySelector(selector)?.innerHTML);
}

/** What a visitor's browser gets: the tags and attributes, each element's text, the server's HTML. */
const drawn = (html: string) => ({ shape: islandShape(html), texts: textsOf(html), answers: answersOf(html) });

/** What the view renders for the actor's state: the prerendered island with the view's markup in it. */
function viewOf(actor: ReturnType<typeof formActor>, content: AjaxFormContent, settings: Record<string, string> = {}): string {
  const View = ajaxForm.View;
  const host = document.createElement('div');
  host.innerHTML = prerendered(content, settings);
  const island = host.querySelector('[data-widget]') as HTMLElement;
  island.innerHTML = renderToString(<View actorRef={actor} settings={{ redirect: settings.redirect ?? '' }} content={content} slots={{}} />);
  return host.innerHTML;
}

/** A page drawn by `bind`, state after state, on the same prerendered markup (elements added and removed as the states go). */
function boundPage(content: AjaxFormContent, settings: Record<string, string> = {}) {
  const host = document.createElement('div');
  host.innerHTML = prerendered(content, settings);
  const island = host.querySelector('[data-widget]') as HTMLElement;
  return { host, draw: (actor: ReturnType<typeof formActor>) => drawAjaxForm(island, actor.getSnapshot(), content) };
}

const submit = (actor: ReturnType<typeof formActor>, values: Record<string, string>) => actor.send({ type: 'form.submit', values });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

cleanUpAnsweringPages();

describe('the ajax form behaviour draws what the view renders, state by state (issue 35, goal 2)', () => {
  it.each([
    { name: 'the contact form', content: CONTACT },
    { name: 'the newsletter form', content: NEWSLETTER },
  ])('idle, $name: bind changes nothing on the prerendered form', ({ content }) => {
    const actor = formActor(content);
    const page = boundPage(content);
    const before = page.host.innerHTML;
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, content)));
    expect(page.host.innerHTML).toBe(before);
  });

  it('invalid, one field: the field’s parent marked error, its control aria-invalid, its error line and the one-field summary', () => {
    const actor = formActor(NEWSLETTER);
    const page = boundPage(NEWSLETTER);
    submit(actor, { email: 'not-an-address' });
    expect(actor.getSnapshot().value).toBe('invalid');
    page.draw(actor);
    const view = viewOf(actor, NEWSLETTER);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(view));
    expect(drawn(page.host.innerHTML)).not.toEqual(drawn(prerendered(NEWSLETTER)));
    const alert = page.host.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('One field needs attention: Your e-mail.');
    expect(page.host.querySelector('#newsletter-form-email')?.getAttribute('aria-invalid')).toBe('true');
    expect(page.host.querySelector('#newsletter-form-email')?.parentElement?.className).toBe('form_element form_element--email error');
    expect(page.host.querySelector('#newsletter-form-email-error')?.textContent).toBe(RULE_MESSAGES.is_email);
  });

  it('invalid, several fields, on every kind of control (text, e-mail, select, radios, textarea, checkbox, captcha): the summary names them all', () => {
    const actor = formActor(CONTACT);
    const page = boundPage(CONTACT);
    submit(actor, { phone: 'call me', captcha: '9' });
    page.draw(actor);
    const view = viewOf(actor, CONTACT);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(view));
    expect(page.host.querySelector('[role="alert"]')?.textContent).toMatch(
      /^\d+ fields need attention: Your name, E-mail, .*Phone, .*What is it about\?, I am writing as, Message, I agree that .*, Anti-spam question\.$/,
    );
    const invalid = [...page.host.querySelectorAll('[aria-invalid="true"]')].map((control) => `${control.tagName.toLowerCase()} ${control.getAttribute('name')}`);
    expect(invalid).toEqual(expect.arrayContaining(['select topic', 'textarea message', 'input consent', 'input captcha']));
    // Every radio of a required choice is invalid; its fieldset is the parent marked error.
    expect(invalid.filter((control) => control === 'input writing_as')).toHaveLength(3);
    expect(page.host.querySelector('#contact-form-writing_as')?.closest('fieldset')?.className).toBe('form_element form_element--radio error');
    expect(page.host.querySelector('#contact-form-reply_by_phone')?.parentElement?.className).toBe('form_element form_element--checkbox');
    expect(page.host.querySelector('#contact-form-captcha-error')?.textContent).toBe('Enter the sum shown, as one digit.');
  });

  it('invalid, then fixed one by one: fields turn valid, their error lines empty, and the summary follows', () => {
    const actor = formActor(CONTACT);
    const page = boundPage(CONTACT);
    submit(actor, {});
    page.draw(actor);
    submit(actor, { ...CONTACT_VALUES, message: '', writing_as: '' });
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, CONTACT)));
    expect(page.host.querySelector('[role="alert"]')?.textContent).toBe('2 fields need attention: I am writing as, Message.');
    expect(page.host.querySelector('#contact-form-name')?.getAttribute('aria-invalid')).toBeNull();
    expect(page.host.querySelector('#contact-form-captcha')?.parentElement?.className).toBe('form_element form_element--captcha valid');
  });

  it('sending, failed, sent: the button aria-disabled with the sending label and the status; the retry status; the answer shown in place of the form, focusable', async () => {
    const actor = formActor(CONTACT, [new Error('offline'), THANKS]);
    const page = boundPage(CONTACT);
    const states: string[] = [];
    const check = () => {
      states.push(String(actor.getSnapshot().value));
      page.draw(actor);
      expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, CONTACT)));
    };
    submit(actor, CONTACT_VALUES);
    check();
    expect(page.host.querySelector('button[type="submit"]')?.getAttribute('aria-disabled')).toBe('true');
    expect(page.host.querySelector('button[type="submit"]')?.textContent).toBe('Sending');
    expect(page.host.querySelector('[role="status"]')?.textContent).toBe('Sending…');
    await settle();
    check();
    expect(page.host.querySelector('[role="status"]')?.textContent).toMatch(/^Your message could not be sent/);
    expect(page.host.querySelector('button[type="submit"]')?.getAttribute('aria-disabled')).toBeNull();
    submit(actor, CONTACT_VALUES);
    check();
    await settle();
    check();
    expect(states).toEqual(['sending', 'failed', 'sending', 'answered']);
    expect(page.host.querySelector('form')?.hidden).toBe(true);
    const answer = page.host.querySelector('.ajax-form__answer');
    expect(answer?.previousElementSibling?.tagName).toBe('FORM');
    expect([answer?.getAttribute('tabindex'), answer?.innerHTML]).toEqual(['-1', THANKS.html]);
  });

  it('an error answer: shown above the form as the server wrote it, the form kept; gone once the next send is on its way', async () => {
    const actor = formActor(NEWSLETTER, [CLOSED, THANKS]);
    const page = boundPage(NEWSLETTER);
    submit(actor, { email: 'again@example.org' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, NEWSLETTER)));
    const error = page.host.querySelector('.ajax-form__server-error');
    expect([error?.nextElementSibling?.tagName, error?.innerHTML]).toEqual(['FORM', CLOSED.html]);
    expect(page.host.querySelector('form')?.hidden).toBe(false);
    // A bad address now: the error answer stays above the form, which is marked invalid.
    submit(actor, { email: 'nope' });
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, NEWSLETTER)));
    submit(actor, { email: 'again@example.org' });
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, NEWSLETTER)));
    expect(page.host.querySelector('.ajax-form__server-error')).toBeNull();
    await settle();
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, NEWSLETTER)));
    expect(page.host.querySelector('.ajax-form__answer')?.innerHTML).toBe(THANKS.html);
  });

  it('redirecting (data-redirect): the form hidden and the answer shown while the page leaves', async () => {
    const settings = { redirect: '/thanks/' };
    const actor = formActor(NEWSLETTER, [THANKS], '/thanks/');
    const page = boundPage(NEWSLETTER, settings);
    submit(actor, { email: 'ana@example.org' });
    await settle();
    expect(actor.getSnapshot().value).toBe('redirecting');
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, NEWSLETTER, settings)));
    expect(page.host.querySelector('form')?.hidden).toBe(true);
  });

  it('in the page’s language: the summary and the sending label as the view words them', () => {
    const actor = formActor(ARABIC);
    const page = boundPage(ARABIC);
    submit(actor, { email: 'x' });
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, ARABIC)));
    expect(page.host.querySelector('[role="alert"]')?.textContent).toBe('حقل واحد يحتاج إلى انتباهك: Your e-mail.');
    submit(actor, { email: 'ana@example.org' });
    page.draw(actor);
    expect(drawn(page.host.innerHTML)).toEqual(drawn(viewOf(actor, ARABIC)));
    expect(page.host.querySelector('button[type="submit"]')?.textContent).toBe('جارٍ الإرسال');
  });
});

describe('the ajax form answers a submit without its view (issue 35, goal 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The server, counting posts: each answered with `answer`, or held until `answerNow()`. */
  function server(answer: FormAnswer) {
    const posts: URLSearchParams[] = [];
    let answerNow: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answerNow = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        posts.push(new URLSearchParams(String(init.body)));
        await answered;
        return new Response(answer.html, { status: answer.status });
      }),
    );
    return { posts, answerNow };
  }

  it('a submit before the chunk arrives is held and acknowledged, then sent once by the behaviour with what was typed; the answer shown and focused; the view never loads', async () => {
    const { posts, answerNow } = server(THANKS);
    const page = answeringPage(prerendered(CONTACT), ajaxForm, ajaxFormBehaviour);
    const { island, view, clock, release, controller } = page;
    const form = island.querySelector('form') as HTMLFormElement;
    const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    for (const [name, value] of Object.entries(CONTACT_VALUES)) {
      const target = name === 'writing_as' ? (form.querySelector(`input[value="${value}"]`) as HTMLInputElement) : control(name);
      if (target.type === 'checkbox' || target.type === 'radio') target.click();
      else {
        target.value = value;
        target.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    button.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(posts).toEqual([]);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(Object.fromEntries(posts[0] ?? [])).toEqual({ ...CONTACT_VALUES, website: '', captcha_verifier: VERIFIER });
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    answerNow();
    await vi.waitFor(() => expect(island.querySelector('.ajax-form__answer')).not.toBeNull());
    expect(form.hidden).toBe(true);
    clock.advanceBy(20);
    expect(document.activeElement).toBe(island.querySelector('.ajax-form__answer'));
    expect(posts).toHaveLength(1);
    expect(view).not.toHaveBeenCalled();
  });

  it('an answer that comes after the visitor moved on (a dialog, another field) is shown in place of the form and leaves focus where they are', async () => {
    const { posts, answerNow } = server(THANKS);
    const page = answeringPage(prerendered(NEWSLETTER), ajaxForm, ajaxFormBehaviour);
    const { island, clock, release, controller } = page;
    release();
    await controller.settled();
    const form = island.querySelector('form') as HTMLFormElement;
    const email = form.elements.namedItem('email') as HTMLInputElement;
    email.focus();
    email.value = 'ana@example.org';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    (form.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    const elsewhere = document.body.appendChild(document.createElement('button'));
    try {
      elsewhere.focus();
      answerNow();
      await vi.waitFor(() => expect(island.querySelector('.ajax-form__answer')?.innerHTML).toBe(THANKS.html));
      clock.advanceBy(20);
      expect(document.activeElement).toBe(elsewhere);
    } finally {
      elsewhere.remove();
    }
  });

  it('a bad address: nothing is sent, the field is marked and focused, the summary says so; fixed, it is sent', async () => {
    const { posts, answerNow } = server(THANKS);
    answerNow();
    const page = answeringPage(prerendered(NEWSLETTER), ajaxForm, ajaxFormBehaviour);
    const { island, view, release, controller } = page;
    const email = island.querySelector<HTMLInputElement>('#newsletter-form-email') as HTMLInputElement;
    email.dispatchEvent(new Event('focusin', { bubbles: true }));
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    email.value = 'not-an-address';
    island.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    expect(island.querySelector('[role="alert"]')?.textContent).toBe('One field needs attention: Your e-mail.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(posts).toEqual([]);
    email.value = 'ana@example.org';
    island.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    await vi.waitFor(() => expect(island.querySelector('.ajax-form__answer')?.innerHTML).toBe(THANKS.html));
    expect(posts.map((post) => post.get('email'))).toEqual(['ana@example.org']);
    expect(posts[0]?.get('ajax_mailchimp')).toBe('true');
    expect(view).not.toHaveBeenCalled();
  });

  it('hydrateAll over an answered form: the view hydrates over the state drawn, without a mismatch', async () => {
    const { answerNow } = server(THANKS);
    answerNow();
    const page = answeringPage(prerendered(NEWSLETTER), ajaxForm, ajaxFormBehaviour);
    const { island, view, release, controller } = page;
    release();
    island.dispatchEvent(new Event('focusin', { bubbles: true }));
    await controller.settled();
    (island.querySelector('#newsletter-form-email') as HTMLInputElement).value = 'ana@example.org';
    island.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    await vi.waitFor(() => expect(island.querySelector('.ajax-form__answer')).not.toBeNull());
    const errors = vi.spyOn(console, 'error');
    await controller.hydrateAll();
    expect(view).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(island.dataset.island).toBe('hydrated'));
    expect(island.querySelectorAll('.ajax-form__answer')).toHaveLength(1);
    expect(island.querySelector('form')?.hidden).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });
});
