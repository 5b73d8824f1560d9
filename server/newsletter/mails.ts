import site from '../site-entry';
import type { Notice } from '../forms/mail';

/**
 * Issue 33: the mails to a newsletter address. Each carries the one-click unsubscribe of RFC 8058
 * (List-Unsubscribe with the https link, List-Unsubscribe-Post) and the same link in its text, so
 * it can be left from any mail program, with or without one-click support.
 */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function confirmationMail(email: string, links: { confirm: string; unsubscribe: string }, days: number): Notice {
  return {
    to: email,
    subject: `Please confirm your ${site.name} newsletter sign-up`,
    text: [
      `Someone, hopefully you, asked for the ${site.name} newsletter to be sent to ${email}.`,
      '',
      `To confirm, open this link within ${days} days and press the button:`,
      links.confirm,
      '',
      'If it was not you, ignore this mail: without a confirmation the address is deleted when the link expires.',
      `To remove the address now: ${links.unsubscribe}`,
    ].join('\n'),
    headers: unsubscribeHeaders(links.unsubscribe),
  };
}

export function welcomeMail(email: string, unsubscribeUrl: string): Notice {
  return {
    to: email,
    subject: `You are subscribed to the ${site.name} newsletter`,
    text: [`Thank you: ${email} will receive the ${site.name} newsletter.`, '', `To leave the list at any time: ${unsubscribeUrl}`].join('\n'),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
