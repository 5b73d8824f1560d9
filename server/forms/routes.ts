import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkFields, fieldRule, invalidFields, ruleMessage, type FieldSpec } from '../../machines/ajax-form/ajax-form.rules';
import {
  CAPTCHA_QUESTION_PLACEHOLDER,
  CAPTCHA_VERIFIER_PLACEHOLDER,
  HONEYPOT_FIELD,
  VERIFIER_FIELD,
  contactForm,
  newsletterForm,
  type FormDefinition,
} from '../../demo/content/forms';
import type { ServerConfig } from '../config';
import { readAssets } from '../pages';
import type { Store } from '../store/db';
import { answerPage, contactSuccess, errorFragment, newsletterSuccess, type FieldProblem } from './answers';
import { checkVerifier, issueCaptcha, loadSecret } from './captcha';
import { createMailer } from './mail';
import { createRateLimiter } from './rate-limit';

/**
 * The contact and newsletter endpoints (§3, §7): url-encoded POSTs checked with the same §5 rules
 * the browser runs, a honeypot, a signed captcha, a per-client rate limit; the message is stored
 * before the answer. An ajax post (X-Requested-With) gets the fragment the form shows; a post made
 * with JS off gets a full page. Also serves the contact page with a fresh captcha in it.
 */
export const FRAGMENT_HEADER = 'x-requested-with';
/** Default: 10 posts per client in 10 minutes (FORM_RATE_LIMIT changes the count). */
export const DEFAULT_RATE_LIMIT = 10;
export const RATE_WINDOW_MS = 10 * 60 * 1000;
/** A one-line field without its own maxLength, and any field at all, is cut off here. */
const DEFAULT_MAX_LENGTH = 10_000;
const MAX_FIELDS = 40;
export const CONTACT_PAGE = '/contact/';

type Fields = Record<string, string>;

/** §5: the rule comes from the field's class list, as the page renders it. */
const isCaptcha = (field: FieldSpec) => fieldRule(field) === 'captcha';

class FormRejected extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
  }
}

export async function registerForms(app: FastifyInstance, store: Store, config: ServerConfig, env: NodeJS.ProcessEnv = process.env) {
  const secret = loadSecret(config.dataDir, env);
  const limit = Number(env.FORM_RATE_LIMIT ?? DEFAULT_RATE_LIMIT);
  const limiter = createRateLimiter(Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_RATE_LIMIT, RATE_WINDOW_MS);
  const mailer = createMailer(store, env, (message) => app.log.warn(message));
  const assets = readAssets(config.staticDir);

  const insertMessage = store.prepare('INSERT INTO form_message (form, name, email, fields, client) VALUES (?, ?, ?, ?, ?)');
  const useCaptcha = store.prepare('INSERT OR IGNORE INTO captcha_used (signature) VALUES (?)');
  const subscribe = store.prepare('INSERT INTO newsletter_subscriber (email, client) VALUES (?, ?) ON CONFLICT (email) DO NOTHING');

  function readFields(request: FastifyRequest, form: FormDefinition): Fields {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      throw new FormRejected(415, 'Send the form as application/x-www-form-urlencoded (a normal form post).');
    }
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new FormRejected(400, 'The form arrived empty.');
    const entries = Object.entries(body as Record<string, unknown>);
    if (entries.length > MAX_FIELDS) throw new FormRejected(400, `The form has ${entries.length} fields; it has at most ${MAX_FIELDS}.`);
    const fields: Fields = {};
    for (const [name, value] of entries) {
      if (typeof value !== 'string') throw new FormRejected(400, `The field '${name.slice(0, 40)}' was sent more than once.`);
      fields[name] = value;
    }
    const problems: FieldProblem[] = [];
    for (const field of form.fields) {
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
      if ((fields[field.name] ?? '').length > max) problems.push({ field, message: `Keep it to ${max} characters or fewer.` });
    }
    if (problems.length) throw new FormRejected(422, 'Some fields are too long.', problems);
    return fields;
  }

  function checkRules(form: FormDefinition, fields: Fields): string | undefined {
    if ((fields[HONEYPOT_FIELD] ?? '') !== '') {
      throw new FormRejected(400, 'The form was not sent: a field meant to stay empty was filled in.');
    }
    const hasCaptcha = form.fields.some(isCaptcha);
    const verifier = fields[VERIFIER_FIELD] ?? '';
    let signature: string | undefined;
    if (hasCaptcha) {
      const check = checkVerifier(secret, verifier);
      if (!check.ok) throw new FormRejected(400, check.reason);
      signature = check.signature;
    }
    const statuses = checkFields(form.fields, fields, verifier);
    const invalid = invalidFields(form.fields, statuses);
    if (invalid.length) {
      throw new FormRejected(
        422,
        invalid.length === 1 ? 'One field needs attention.' : `${invalid.length} fields need attention.`,
        invalid.map((field: FieldSpec) => ({ field, message: ruleMessage(field) ?? 'Please check this.' })),
      );
    }
    return signature;
  }

  function answer(request: FastifyRequest, reply: FastifyReply, status: number, fragment: string, form: FormDefinition) {
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (request.headers[FRAGMENT_HEADER]) return reply.send(fragment);
    const back = form.variant === 'contact' ? CONTACT_PAGE : '/';
    return reply.send(answerPage(assets, { ok: status < 400, fragment, back, path: form.action }));
  }

  function handle(form: FormDefinition, accept: (fields: Fields, client: string, signature: string | undefined) => string) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const wait = limiter.hit(request.ip, Date.now());
        if (wait > 0) {
          reply.header('Retry-After', String(wait));
          throw new FormRejected(429, `Too many forms from your connection. Please wait ${Math.ceil(wait / 60)} minute(s) and send again.`);
        }
        const fields = readFields(request, form);
        const signature = checkRules(form, fields);
        return answer(request, reply, 200, accept(fields, request.ip, signature), form);
      } catch (error) {
        if (!(error instanceof FormRejected)) throw error;
        if (error.status === 415) return reply.code(415).type('text/plain; charset=utf-8').send(error.message);
        return answer(request, reply, error.status, errorFragment(error.message, error.problems), form);
      }
    };
  }

  const storeContact = store.transaction((fields: Fields, client: string, signature: string | undefined) => {
    if (signature !== undefined && useCaptcha.run(signature).changes === 0) {
      throw new FormRejected(400, 'This anti-spam question was already used. Reload the page and answer the new one.');
    }
    const kept = Object.fromEntries(contactForm.fields.filter((f) => !isCaptcha(f)).map((f) => [f.name, fields[f.name] ?? '']));
    return Number(insertMessage.run('contact', kept.name ?? '', kept.email ?? '', JSON.stringify(kept), client).lastInsertRowid);
  });

  app.post(
    contactForm.action,
    handle(contactForm, (fields, client, signature) => {
      // Stored (and synced to disk: synchronous=FULL) before anything is answered.
      const id = storeContact(fields, client, signature);
      mailer?.notify(id, {
        subject: `Contact form: ${(fields.topic ?? '').slice(0, 60)} from ${(fields.name ?? '').slice(0, 80)}`,
        text: formatMessage(fields),
        // The address passed is_email, so it is one plain address (no list, no display name).
        replyTo: { name: fields.name ?? '', address: fields.email ?? '' },
      });
      return contactSuccess(id, fields.name ?? '');
    }),
  );

  app.post(
    newsletterForm.action,
    handle(newsletterForm, (fields, client) => {
      const email = (fields.email ?? '').trim();
      subscribe.run(email, client);
      return newsletterSuccess(email);
    }),
  );

  // The contact page is prerendered with placeholders; each visit gets its own signed captcha.
  const contactFile = join(config.staticDir, 'contact', 'index.html');
  const servePage = async (_request: FastifyRequest, reply: FastifyReply) => {
    const template = await readFile(contactFile, 'utf8').catch(() => undefined);
    if (template === undefined) return reply.callNotFound();
    const captcha = issueCaptcha(secret);
    const html = template.split(CAPTCHA_QUESTION_PLACEHOLDER).join(captcha.question).split(CAPTCHA_VERIFIER_PLACEHOLDER).join(captcha.verifier);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  };
  app.get(CONTACT_PAGE, servePage);
  app.get(`${CONTACT_PAGE}index.html`, servePage);
  app.get('/contact', (_request, reply) => reply.redirect(CONTACT_PAGE));
}

function formatMessage(fields: Fields): string {
  return contactForm.fields
    .filter((field) => !isCaptcha(field))
    .map((field) => `${field.label}: ${fields[field.name] ?? ''}`)
    .join('\n');
}
