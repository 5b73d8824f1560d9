import nodemailer from 'nodemailer';
// The file by its name: Node's ES module loader does not resolve a folder (the package has no exports map).
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { Delivery, QueuedNotice, SiteStore } from '../store/site-store';

/**
 * The notice to the site owner for each stored message, when SMTP_URL is set: a durable outbox
 * (issue 16). The notice is queued in the same transaction that stores the message; a worker in
 * every instance sends due notices one at a time, and the store hands each one to a single sender
 * (a row lock on PostgreSQL). A failure is written beside the message and retried with backoff; a
 * notice still pending at shutdown is sent after the restart (or by another instance).
 */
export interface Mailer {
  /** The notice as the outbox stores it. */
  encode(notice: Notice): string;
  /** Look for due notices now (this instance just queued one) instead of at the next poll. */
  wake(): void;
  /** Stops the worker; a notice being sent is abandoned and stays due. */
  stop(): Promise<void>;
}

/**
 * A plain-text mail (no HTML part, so nothing the visitor typed is ever rendered as markup). The
 * visitor is only the Reply-To: From stays MAIL_FROM, an address the site may send as.
 */
export interface Notice {
  subject: string;
  text: string;
  replyTo?: { name: string; address: string };
  /** A mail to a subscriber (issue 33) goes to them; a notice without it to the site's owner (MAIL_TO, else the site's `email`). */
  to?: string;
  /** Extra headers (a subscriber mail's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * A stalled SMTP peer is given up after these, and the failure recorded, instead of nodemailer's
 * defaults (2 minutes to connect, 10 minutes of silence), so stalled notices do not pile up open
 * connections. A query in SMTP_URL overrides them (e.g. `?socketTimeout=120000`).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** The first retry waits this long (MAIL_RETRY_MS); each next one twice as long, up to an hour. */
export const DEFAULT_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** After this many failed attempts (about 7 hours with the defaults) the notice is given up; the message stays stored. */
export const MAX_ATTEMPTS = 12;
/** How often an idle worker looks for notices queued by other instances or due for a retry (MAIL_POLL_MS). */
export const DEFAULT_POLL_MS = 5_000;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelay(attempts: number, baseMs = DEFAULT_RETRY_MS): number {
  return Math.min(MAX_RETRY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Recorded beside a message whose notice had no address to go to. */
export const NO_OWNER_ADDRESS = 'not mailed: no address to send it to (set MAIL_TO, or email in site.config.ts)';

const STOPPED = new Error('the server is shutting down; the notice stays queued');

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number > 0 ? number : fallback;
}

export function startMailOutbox(
  store: SiteStore,
  env: NodeJS.ProcessEnv,
  /** The site's contact address (its config's `email`), where notices go unless MAIL_TO names another. */
  siteEmail: string | undefined,
  log: (message: string) => void,
  /** Called on each failed attempt (the metrics' counter). */
  onFailure?: () => void,
): Mailer | undefined {
  const url = env.SMTP_URL;
  if (!url) return undefined;
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...parseConnectionUrl(url) });
  const retryMs = positive(env.MAIL_RETRY_MS, DEFAULT_RETRY_MS);
  const pollMs = positive(env.MAIL_POLL_MS, DEFAULT_POLL_MS);
  const from = env.MAIL_FROM || `sitecharts <no-reply@localhost>`;
  const owner = env.MAIL_TO || siteEmail;
  // Subscriber mails still go out; a notice to nobody is kept with the message, marked unsent, never retried.
  if (!owner) log("SMTP_URL is set but neither MAIL_TO nor the site config's email: contact messages are stored and not mailed.");

  let running = true;
  let wakeUp = () => {};
  let abandon: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_resolve, reject) => (abandon = reject));
  stopped.catch(() => undefined);

  async function deliver(queued: QueuedNotice): Promise<Delivery> {
    const notice = JSON.parse(queued.notice) as Notice;
    const { subject, text, replyTo, headers } = notice;
    const to = notice.to ?? owner;
    if (!to) return { sent: false, error: NO_OWNER_ADDRESS, retryAt: null };
    try {
      await Promise.race([transport.sendMail({ from, to, replyTo, subject, text, headers }), stopped]);
      return { sent: true };
    } catch (error) {
      if (error === STOPPED) throw error;
      const attempts = queued.attempts + 1;
      const retryAt = attempts >= MAX_ATTEMPTS ? null : Date.now() + retryDelay(attempts, retryMs);
      // A subscriber mail is named by its outbox id: the log never carries a visitor's address.
      const about = queued.messageId === null ? `outbox mail ${queued.id}` : `message ${queued.messageId}`;
      onFailure?.();
      log(`${about}: the e-mail notice failed (attempt ${attempts}${retryAt === null ? ', giving up' : ''}): ${String(error)}`);
      return { sent: false, error: String(error).slice(0, 500), retryAt };
    }
  }

  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const worker = (async () => {
    while (running) {
      let busy = false;
      try {
        busy = await store.deliverNext(Date.now(), deliver);
      } catch (error) {
        // The database is away (or we are stopping): the notice stays queued; look again later.
        if (running) log(`mail outbox: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!busy && running) await idle();
    }
  })();

  return {
    encode: (notice) => JSON.stringify(notice),
    wake: () => wakeUp(),
    async stop() {
      running = false;
      abandon(STOPPED);
      wakeUp();
      await worker;
      transport.close();
    },
  };
}
