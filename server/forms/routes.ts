import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkFields, fieldMessage, fieldRule, invalidFields, type FieldSpec } from '../../machines/ajax-form/ajax-form.rules';
import { CAPTCHA_QUESTION_PLACEHOLDER, CAPTCHA_VERIFIER_PLACEHOLDER, HONEYPOT_FIELD, VERIFIER_FIELD, type FormDefinition } from '../../machines/ajax-form/ajax-form.definition';
import type { SiteForms } from '../../runtime/site';
import { DEFAULTS, type ServerConfig } from '../config';
import { readAssets } from '../pages';
import { CAPTCHA_SECRET_SETTING, StoreUnavailable, UNAVAILABLE_MESSAGE, type SiteStore } from '../store/site-store';
import { answerPage, contactSuccess, errorFragment, type FieldProblem } from './answers';
import { registerNewsletter } from '../newsletter/routes';
import type { SiteMetrics } from '../metrics';
import { CAPTCHA_MAX_AGE_MS, checkVerifier, issueCaptcha, loadSecret } from './captcha';
import type { Mailer } from './mail';

/**
 * The contact and newsletter endpoints (§3, §7): url-encoded POSTs checked with the same §5 rules
 * the browser runs, a honeypot, a signed captcha, a per-client rate limit; the message is stored
 * before the answer. Everything several instances must agree on (the rate budget, used verifiers,
 * subscribers, the notice outbox) lives in the shared store (server/store/site-store.ts). An ajax
 * post (X-Requested-With) gets the fragment the form shows; a post made with JS off gets a full
 * page. Also serves the contact page with a fresh captcha in it. The forms are the site's (its
 * config's `forms`): a form it does not have gets no route, so a post there is a 404.
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

/** Posts per client per window: FORM_RATE_LIMIT, a whole number above 0, else DEFAULT_RATE_LIMIT (problem reports count the same). */
export function formRateLimit(env: NodeJS.ProcessEnv): number {
  const parsed = Number(env.FORM_RATE_LIMIT ?? DEFAULT_RATE_LIMIT);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_RATE_LIMIT;
}

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

export async function registerForms(
  app: FastifyInstance,
  store: SiteStore,
  mailer: Mailer | undefined,
  config: ServerConfig,
  forms: SiteForms,
  env: NodeJS.ProcessEnv = process.env,
  metrics?: SiteMetrics,
) {
  // One instance keeps its secret in DATA_DIR; instances sharing PostgreSQL share it there, so a
  // verifier issued by one is accepted by the others.
  const secret =
    store.engine === 'sqlite' || env.CAPTCHA_SECRET
      ? loadSecret(config.dataDir, env)
      : await store.setting(CAPTCHA_SECRET_SETTING, () => randomBytes(32).toString('base64url'));
  const limit = formRateLimit(env);
  let assets = readAssets(config.staticDir);
  // A new build published while the server runs (issue 30) brings its own menu and entry script.
  app.siteRelease.onChange((root) => {
    assets = readAssets(root);
  });

  // Always: the links in mails already sent (confirm, unsubscribe) keep working whatever the build.
  const newsletter = await registerNewsletter(app, store, mailer, { assets, confirmDays: config.newsletterConfirmDays ?? DEFAULTS.newsletterConfirmDays });
  // Counted posts and used verifiers are forgotten once they no longer matter; so are expired
  // newsletter sign-ups and, with MESSAGE_RETENTION_DAYS, older contact messages (issue 33).
  const retentionMs = config.messageRetentionDays === undefined ? undefined : config.messageRetentionDays * 24 * 60 * 60 * 1000;
  const prune = async () => {
    const now = Date.now();
    await store.prune(now, RATE_WINDOW_MS, 2 * CAPTCHA_MAX_AGE_MS);
    const purged = await store.purge(now, retentionMs === undefined ? undefined : new Date(now - retentionMs));
    if (purged.signUps + purged.messages > 0) app.log.info(`retention: deleted ${purged.signUps} expired newsletter sign-up(s), ${purged.messages} contact message(s)`);
  };
  const pruneLogged = () => prune().catch((error: unknown) => app.log.warn(`prune: ${String(error)}`));
  void pruneLogged();
  const pruning = setInterval(pruneLogged, RATE_WINDOW_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));

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
        invalid.map((field: FieldSpec) => ({ field, message: fieldMessage(field, fields[field.name] ?? '') })),
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

  function handle(form: FormDefinition, accept: (fields: Fields, client: string, signature: string | undefined) => Promise<string>) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const wait = await store.hitRateLimit(request.ip, Date.now(), limit, RATE_WINDOW_MS);
        if (wait > 0) {
          metrics?.rateLimited.inc({ form: form.variant });
          reply.header('Retry-After', String(wait));
          throw new FormRejected(429, `Too many forms from your connection. Please wait ${Math.ceil(wait / 60)} minute(s) and send again.`);
        }
        const fields = readFields(request, form);
        const signature = checkRules(form, fields);
        return answer(request, reply, 200, await accept(fields, request.ip, signature), form);
      } catch (error) {
        if (error instanceof StoreUnavailable) {
          request.log.error(error.message);
          reply.header('Retry-After', '30');
          return answer(request, reply, 503, errorFragment(UNAVAILABLE_MESSAGE), form);
        }
        if (!(error instanceof FormRejected)) throw error;
        if (error.status === 415) return reply.code(415).type('text/plain; charset=utf-8').send(error.message);
        return answer(request, reply, error.status, errorFragment(error.message, error.problems), form);
      }
    };
  }

  /** The contact form's post, and its page served with a fresh captcha per visit. */
  function registerContact(form: FormDefinition) {
    app.post(
      form.action,
      handle(form, async (fields, client, signature) => {
        const kept = Object.fromEntries(form.fields.filter((f) => !isCaptcha(f)).map((f) => [f.name, fields[f.name] ?? '']));
        const notice = mailer?.encode({
          subject: `Contact form: ${(fields.topic ?? '').slice(0, 60)} from ${(fields.name ?? '').slice(0, 80)}`,
          text: formatMessage(form, fields),
          // The address passed is_email, so it is one plain address (no list, no display name).
          replyTo: { name: fields.name ?? '', address: fields.email ?? '' },
        });
        // Stored, with its notice queued, and committed (synchronous=FULL on SQLite) before anything is answered.
        const stored = await store.storeMessage({
          form: 'contact',
          name: kept.name ?? '',
          email: kept.email ?? '',
          fields: JSON.stringify(kept),
          client,
          captchaSignature: signature,
          notice,
        });
        if (!stored.ok) throw new FormRejected(400, 'This anti-spam question was already used. Reload the page and answer the new one.');
        mailer?.wake();
        return contactSuccess(stored.id, fields.name ?? '');
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

  if (forms.contact) registerContact(forms.contact);
  const newsletterForm = forms.newsletter;
  if (newsletterForm) {
    app.post(newsletterForm.action, handle(newsletterForm, async (fields, client) => newsletter.signUp((fields.email ?? '').trim(), client)));
  }
}

function formatMessage(form: FormDefinition, fields: Fields): string {
  return form.fields
    .filter((field) => !isCaptcha(field))
    .map((field) => `${field.label}: ${fields[field.name] ?? ''}`)
    .join('\n');
}
