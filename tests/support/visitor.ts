import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAPTCHA_QUESTION_PLACEHOLDER, CAPTCHA_VERIFIER_PLACEHOLDER } from '../../machines/ajax-form/ajax-form.definition';

/**
 * A visitor of the real server's forms, over HTTP as the browser's ajax posts them: the contact
 * page's fresh captcha, a contact message, a newsletter sign-up.
 */
export const FRAGMENT = { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'fetch' };

/** A STATIC_DIR with only a contact page holding the placeholders the server fills with a signed captcha. */
export function contactPageDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'sitecharts-static-'));
  mkdirSync(join(dir, 'contact'));
  writeFileSync(
    join(dir, 'contact', 'index.html'),
    `<html><body><main><h1>Contact</h1><label>Q: ${CAPTCHA_QUESTION_PLACEHOLDER}</label><input name="captcha_verifier" value="${CAPTCHA_VERIFIER_PLACEHOLDER}"></main></body></html>`,
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

async function post(url: string, path: string, fields: Record<string, string>, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { ...FRAGMENT, ...headers }, body: new URLSearchParams(fields) });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

export function subscribe(url: string, email: string, headers: Record<string, string> = {}): Promise<Answer> {
  return post(url, '/forms/newsletter', { email, ajax_mailchimp: 'true' }, headers);
}

/** GET /contact/ as a visitor: the signed verifier and the answer to its question. */
export async function contactCaptcha(url: string): Promise<{ captcha_verifier: string; captcha: string }> {
  const page = await (await fetch(`${url}/contact/`)).text();
  const verifier = /name="captcha_verifier" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const [, a, b] = /Q: (\d) \+ (\d)/.exec(page) ?? [];
  return { captcha_verifier: verifier, captcha: String(Number(a) + Number(b)) };
}

/** A valid contact message from `email`, answering `captcha` (one from contactCaptcha, or a fresh one). */
export async function sendContact(
  url: string,
  email: string,
  options: { captcha?: { captcha_verifier: string; captcha: string }; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const captcha = options.captcha ?? (await contactCaptcha(url));
  return post(
    url,
    '/forms/contact',
    {
      name: 'Ana Lima',
      email,
      family_email: 'jürgen@müller.de',
      school_email: "o'neil+care@school.example",
      phone: '(555) 014-2290',
      child_age: '4',
      weight_change: '-1,5',
      topic: 'Home care',
      message: `Please call me back (${email}).`,
      consent: 'true',
      website: '',
      ...captcha,
    },
    options.headers ?? {},
  );
}

/** The contact form's success fragment carries the stored message's id. */
export const isStored = (answer: Answer) => answer.status === 200 && answer.text.includes('av-form-success-container');
