import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { ajaxFormMachine, type AjaxFormInput, type FormAnswer, type FormRequest } from './ajax-form.machine';

const contactInput: AjaxFormInput = {
  action: '/forms/contact',
  variant: 'contact',
  verifier: '314152652.1.sig', // answer '4'
  fields: [
    { name: 'name', label: 'Name', rule: 'is_empty' },
    { name: 'email', label: 'E-mail', rule: 'is_email' },
    { name: 'phone', label: 'Phone', rule: 'is_phone' },
    { name: 'note', label: 'Note' },
    { name: 'captcha', label: 'Sum', rule: 'captcha' },
  ],
};
const good = { name: 'Ana', email: 'ana@example.org', phone: '555 0100', note: '', captcha: '4' };

/** A transport the test answers by hand. */
function transport() {
  const requests: FormRequest[] = [];
  const pending: Array<{ resolve(answer: FormAnswer): void; reject(error: Error): void }> = [];
  const sendForm = fromPromise<FormAnswer, FormRequest>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        requests.push(input);
        pending.push({ resolve, reject });
      }),
  );
  return { sendForm, requests, answer: (a: FormAnswer) => pending.shift()?.resolve(a), fail: () => pending.shift()?.reject(new Error('offline')) };
}

function start(input: AjaxFormInput = contactInput) {
  const net = transport();
  const focused: string[] = [];
  const redirects: string[] = [];
  const machine = ajaxFormMachine.provide({
    actors: { sendForm: net.sendForm },
    actions: {
      focusFirstInvalid: (_, params) => focused.push(params.name),
      redirect: (_, params) => redirects.push(params.url),
    },
  });
  const actor = createActor(machine, { input, clock: createTestClock() }).start();
  return { actor, net, focused, redirects };
}

/** Lets the invoked promise settle (a few microtasks; machines/ uses no platform timers). */
const tick = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('ajax-form machine (§4 Ajax form)', () => {
  it('starts idle', () => {
    expect(start().actor.getSnapshot().value).toBe('idle');
  });

  it('idle → validating → invalid: fields marked error/valid, focus goes to the first invalid field', () => {
    const { actor, net, focused } = start();
    actor.send({ type: 'form.submit', values: { ...good, name: ' ', email: 'nope', note: 'hi' } });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('invalid');
    expect(snap.context.statuses).toEqual({ name: 'error', email: 'error', phone: 'valid', note: 'valid', captcha: 'valid' });
    expect(focused).toEqual(['name']);
    expect(net.requests).toEqual([]);
  });

  it('a blank field without a rule is left unchecked; a wrong captcha is an error', () => {
    const { actor } = start();
    actor.send({ type: 'form.submit', values: { ...good, captcha: '5' } });
    expect(actor.getSnapshot().context.statuses).toMatchObject({ note: 'unchecked', captcha: 'error' });
  });

  it('invalid → validating → sending once corrected; sending cannot resend', () => {
    const { actor, net } = start();
    actor.send({ type: 'form.submit', values: { ...good, email: 'x' } });
    actor.send({ type: 'form.submit', values: good });
    expect(actor.getSnapshot().value).toBe('sending');
    actor.send({ type: 'form.submit', values: good });
    expect(net.requests).toHaveLength(1);
    expect(net.requests[0]).toEqual({ action: '/forms/contact', values: good });
  });

  it('sending → answered: the answer replaces the form', async () => {
    const { actor, net } = start();
    actor.send({ type: 'form.submit', values: good });
    net.answer({ status: 200, html: '<div class="ajax-form-response">Thanks</div>' });
    await tick();
    expect(actor.getSnapshot().value).toBe('answered');
    expect(actor.getSnapshot().context.answer).toContain('Thanks');
  });

  it('sending → redirecting when a redirect target is set', async () => {
    const { actor, net, redirects } = start({ ...contactInput, redirect: '/thank-you/' });
    actor.send({ type: 'form.submit', values: good });
    net.answer({ status: 200, html: '<p>ok</p>' });
    await tick();
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(redirects).toEqual(['/thank-you/']);
  });

  it('newsletter: sends ajax_mailchimp; an error container answer is shown above the form and the form can be sent again', async () => {
    const { actor, net, redirects } = start({
      action: '/forms/newsletter',
      variant: 'newsletter',
      redirect: '/never/',
      fields: [{ name: 'email', label: 'E-mail', rule: 'is_email' }],
    });
    actor.send({ type: 'form.submit', values: { email: 'a@b.co' } });
    expect(net.requests[0]?.values).toEqual({ email: 'a@b.co', ajax_mailchimp: 'true' });
    net.answer({ status: 422, html: '<div class="av-form-error-container">Already?</div>' });
    await tick();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.errorAnswer).toContain('av-form-error-container');
    expect(redirects).toEqual([]);
    actor.send({ type: 'form.submit', values: { email: 'a@b.co' } });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.errorAnswer).toBe('');
    net.answer({ status: 200, html: '<div class="av-form-success-container">Subscribed</div>' });
    await tick();
    expect(actor.getSnapshot().value).toBe('redirecting');
  });

  it('a network failure → failed, values kept, and the visitor can retry', async () => {
    const { actor, net } = start();
    actor.send({ type: 'form.submit', values: good });
    net.fail();
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failures).toBe(1);
    expect(actor.getSnapshot().context.values).toEqual(good);
    actor.send({ type: 'form.submit', values: good });
    expect(actor.getSnapshot().value).toBe('sending');
    net.answer({ status: 200, html: '<p>ok</p>' });
    await tick();
    expect(actor.getSnapshot().value).toBe('answered');
    expect(actor.getSnapshot().context.failures).toBe(0);
  });

  it('a 4xx/5xx answer without the error container counts as a failure, not an answer', async () => {
    const { actor, net } = start();
    actor.send({ type: 'form.submit', values: good });
    net.answer({ status: 500, html: 'Something went wrong' });
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.answer).toBe('');
  });

  it('without a provided transport, sending fails visibly instead of hanging', async () => {
    const actor = createActor(ajaxFormMachine, { input: contactInput, clock: createTestClock() }).start();
    actor.send({ type: 'form.submit', values: good });
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('the class list read from the rendered page decides each field’s rule (§5)', () => {
    const { actor, net } = start();
    // The page renders phone with is_phone and note with is_number (a site owner's class).
    const classes = { name: 'is_empty', email: 'is_email', phone: 'text_input is_phone', note: 'text_input is_number', captcha: 'captcha' };
    actor.send({ type: 'form.submit', values: { ...good, phone: 'call me', note: 'soon' }, classes });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.statuses).toMatchObject({ phone: 'error', note: 'error', name: 'valid' });
    // A rendered control without a rule class is checked by none, whatever the definition said.
    actor.send({ type: 'form.submit', values: { ...good, email: 'nope', note: '3' }, classes: { ...classes, email: 'text_input' } });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(net.requests).toHaveLength(1);
  });

  it('captcha in the browser: a verifier whose last digit points at itself accepts that digit (§5)', () => {
    const { actor, net } = start({ ...contactInput, verifier: '912345608.1.sig' });
    actor.send({ type: 'form.submit', values: { ...good, captcha: '8' } });
    expect(actor.getSnapshot().context.statuses).toMatchObject({ captcha: 'valid' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(net.requests).toHaveLength(1);
  });
});
