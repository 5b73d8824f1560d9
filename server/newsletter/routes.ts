import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import site from '../site-entry';
import type { Mailer } from '../forms/mail';
import { escapeHtml } from '../html';
import type { SiteAssets } from '../pages';
import type { SiteStore } from '../store/site-store';
import { CONFIRM_PATH, LINK_SECRET_SETTING, UNSUBSCRIBE_PATH, checkLinkToken, linkToken, linkUrl, newLinkKey, newLinkSecret, type LinkPurpose } from './links';
import { confirmationMail, welcomeMail } from './mails';
import { linkProblem, renderLinkPage, type LinkPage } from './pages';

/**
 * Issue 33, double opt-in: a sign-up is stored pending and mailed a signed confirmation link; the
 * address becomes a subscriber only when that link's button is pressed before the deadline. Every
 * mail to the address carries a one-click unsubscribe (RFC 8058). A link that is forged, edited,
 * expired or already used answers a page that says so, with a 4xx, and changes nothing.
 */
export interface NewsletterOptions {
  assets: SiteAssets;
  /** NEWSLETTER_CONFIRM_DAYS: how long a confirmation link works. */
  confirmDays: number;
  /** The public address the mails' links point to (SITE_URL). */
  siteUrl?: string;
}

export interface Newsletter {
  /** Stores the pending sign-up and queues its mail; answers the fragment the form shows. */
  signUp(email: string, client: string): Promise<string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function registerNewsletter(app: FastifyInstance, store: SiteStore, mailer: Mailer | undefined, options: NewsletterOptions): Promise<Newsletter> {
  const secret = await store.setting(LINK_SECRET_SETTING, newLinkSecret);
  const siteUrl = options.siteUrl ?? site.url;
  const links = (key: string, confirmBy: number) => ({
    confirm: linkUrl(siteUrl, CONFIRM_PATH, linkToken(secret, 'confirm', key, confirmBy)),
    unsubscribe: linkUrl(siteUrl, UNSUBSCRIBE_PATH, linkToken(secret, 'unsubscribe', key, 0)),
  });
  if (!mailer) app.log.warn('SMTP_URL is not set: newsletter sign-ups stay pending (no confirmation mail can be sent) and are deleted when they expire.');

  const send = (request: FastifyRequest, reply: FastifyReply, path: string, page: LinkPage) =>
    reply.code(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').send(renderLinkPage(options.assets, path, page));

  /** The token from the query (the mail's link, RFC 8058's POST) or from a posted form. */
  function tokenOf(request: FastifyRequest): string {
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.t;
    if (typeof fromQuery === 'string') return fromQuery;
    const body = request.body;
    const fromBody = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).t : undefined;
    return typeof fromBody === 'string' ? fromBody : '';
  }

  function check(request: FastifyRequest, purpose: LinkPurpose): { key: string } | LinkPage {
    const checked = checkLinkToken(secret, purpose, tokenOf(request), Date.now());
    if (checked.ok) return { key: checked.key };
    return checked.reason === 'expired' ? linkProblem.expired(options.confirmDays) : linkProblem.invalid;
  }
  const isPage = (value: { key: string } | LinkPage): value is LinkPage => 'status' in value;

  app.get(CONFIRM_PATH, async (request, reply) => {
    const checked = check(request, 'confirm');
    if (isPage(checked)) return send(request, reply, CONFIRM_PATH, checked);
    const found = await store.signUpByKey(checked.key);
    if (!found) return send(request, reply, CONFIRM_PATH, linkProblem.unknown);
    if (found.confirmed) return send(request, reply, CONFIRM_PATH, subscribedPage(found.email, true));
    return send(request, reply, CONFIRM_PATH, {
      status: 200,
      title: 'Confirm your newsletter sign-up',
      lines: [`Press the button to receive the ${site.name} newsletter at ${found.email}.`, 'If you did not sign up, close this page: nothing is sent unless you confirm.'],
      action: { path: CONFIRM_PATH, token: tokenOf(request), label: 'Confirm my subscription' },
    });
  });

  app.post(CONFIRM_PATH, async (request, reply) => {
    const checked = check(request, 'confirm');
    if (isPage(checked)) return send(request, reply, CONFIRM_PATH, checked);
    const welcome = mailer ? (email: string) => mailer.encode(welcomeMail(email, links(checked.key, 0).unsubscribe)) : undefined;
    const outcome = await store.confirm(checked.key, Date.now(), welcome);
    if (outcome === 'confirmed') mailer?.wake();
    if (outcome === 'expired') return send(request, reply, CONFIRM_PATH, linkProblem.expired(options.confirmDays));
    if (outcome === 'unknown') return send(request, reply, CONFIRM_PATH, linkProblem.unknown);
    const found = await store.signUpByKey(checked.key);
    return send(request, reply, CONFIRM_PATH, subscribedPage(found?.email ?? 'your address', outcome === 'subscribed'));
  });

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const checked = check(request, 'unsubscribe');
    if (isPage(checked)) return send(request, reply, UNSUBSCRIBE_PATH, checked);
    const found = await store.signUpByKey(checked.key);
    if (!found) return send(request, reply, UNSUBSCRIBE_PATH, notOnList);
    return send(request, reply, UNSUBSCRIBE_PATH, {
      status: 200,
      title: 'Leave the newsletter',
      lines: [`Press the button and ${found.email} is taken off the ${site.name} newsletter list at once.`],
      action: { path: UNSUBSCRIBE_PATH, token: tokenOf(request), label: 'Unsubscribe' },
    });
  });

  // RFC 8058: a mail program posts "List-Unsubscribe=One-Click" to the link, url-encoded or as
  // multipart/form-data; the body says nothing the token does not, so a multipart one is not parsed.
  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
    scope.post(UNSUBSCRIBE_PATH, async (request, reply) => {
      const checked = check(request, 'unsubscribe');
      if (isPage(checked)) return send(request, reply, UNSUBSCRIBE_PATH, checked);
      const removed = await store.unsubscribe(checked.key);
      if (!removed) return send(request, reply, UNSUBSCRIBE_PATH, notOnList);
      return send(request, reply, UNSUBSCRIBE_PATH, {
        status: 200,
        title: 'You are unsubscribed',
        lines: ['Your address was taken off the newsletter list and deleted from it. No more newsletters will be sent to it.'],
      });
    });
  });

  return {
    async signUp(email, client) {
      const key = newLinkKey();
      const confirmBy = Date.now() + options.confirmDays * DAY_MS;
      const mail = mailer?.encode(confirmationMail(email, links(key, confirmBy), options.confirmDays));
      const state = await store.signUp({ email, client, key, confirmBy, mail });
      if (state === 'pending') mailer?.wake();
      // The same answer either way: the form does not tell a stranger whether an address is subscribed.
      return (
        `<div class="ajax-form-response av-form-success-container">` +
        `<p>Almost done: we sent a mail to ${escapeHtml(email)}. Open the link in it within ${options.confirmDays} days to confirm your subscription.</p></div>`
      );
    },
  };
}

const notOnList: LinkPage = {
  status: 200,
  title: 'This address is not on our list',
  lines: ['It was already taken off the newsletter list, or never confirmed. Nothing was changed, and no newsletter is sent to it.'],
};

function subscribedPage(email: string, already: boolean): LinkPage {
  return {
    status: 200,
    title: already ? 'You are already subscribed' : 'You are subscribed',
    lines: [
      already ? `${email} was already confirmed. Nothing was changed.` : `Thank you: ${email} will receive the ${site.name} newsletter.`,
      'Every newsletter has a link to leave the list.',
    ],
  };
}
