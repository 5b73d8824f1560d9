import nodemailer from 'nodemailer';
import { site } from '../../demo/site';
import type { Store } from '../store/db';

/**
 * Optional notice to the site owner for each stored message, when SMTP_URL is set. It runs after
 * the answer has gone and after the message is stored; a mail failure is written beside the
 * message and never loses it.
 */
export interface Mailer {
  notify(messageId: number, subject: string, text: string): void;
}

export function createMailer(store: Store, env: NodeJS.ProcessEnv, log: (message: string) => void): Mailer | undefined {
  const url = env.SMTP_URL;
  if (!url) return undefined;
  const transport = nodemailer.createTransport(url);
  const mailed = store.prepare("UPDATE form_message SET mailed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), mail_error = NULL WHERE id = ?");
  const failed = store.prepare('UPDATE form_message SET mail_error = ? WHERE id = ?');
  return {
    notify(messageId, subject, text) {
      setImmediate(() => {
        transport
          .sendMail({ from: env.MAIL_FROM || `sitecharts <no-reply@localhost>`, to: env.MAIL_TO || site.email, subject, text })
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
