import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { site } from '../../demo/site';
import type { Store } from '../store/db';

/**
 * Optional notice to the site owner for each stored message, when SMTP_URL is set. It runs after
 * the answer has gone and after the message is stored; a mail failure is written beside the
 * message and never loses it.
 */
export interface Mailer {
  notify(messageId: number, notice: Notice): void;
}

/**
 * A plain-text mail (no HTML part, so nothing the visitor typed is ever rendered as markup). The
 * visitor is only the Reply-To: From stays MAIL_FROM, an address the site may send as.
 */
export interface Notice {
  subject: string;
  text: string;
  replyTo?: { name: string; address: string };
}

/**
 * A stalled SMTP peer is given up after these, and the failure recorded, instead of nodemailer's
 * defaults (2 minutes to connect, 10 minutes of silence), so stalled notices do not pile up open
 * connections. A query in SMTP_URL overrides them (e.g. `?socketTimeout=120000`).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailer(store: Store, env: NodeJS.ProcessEnv, log: (message: string) => void): Mailer | undefined {
  const url = env.SMTP_URL;
  if (!url) return undefined;
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...parseConnectionUrl(url) });
  const mailed = store.prepare("UPDATE form_message SET mailed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), mail_error = NULL WHERE id = ?");
  const failed = store.prepare('UPDATE form_message SET mail_error = ? WHERE id = ?');
  return {
    notify(messageId, { subject, text, replyTo }) {
      setImmediate(() => {
        transport
          .sendMail({ from: env.MAIL_FROM || `sitecharts <no-reply@localhost>`, to: env.MAIL_TO || site.email, replyTo, subject, text })
          .then(
            () => mailed.run(messageId),
            (error: unknown) => {
              log(`message ${messageId}: the e-mail notice failed: ${String(error)}`);
              failed.run(String(error).slice(0, 500), messageId);
            },
          )
          .catch((error: unknown) => log(`message ${messageId}: could not record the mail result: ${String(error)}`));
      });
    },
  };
}
