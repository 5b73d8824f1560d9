/**
 * Issue 51: the words of "Report a problem" (the footer's button and its dialog), in English; a site
 * lays a page language's table over them (the demo's: demo/content/translations.ts). `{id}` is the
 * stored report's number.
 */
export const problemReportLabels = {
  open: 'Report a problem',
  title: 'Report a problem',
  intro: 'Tell us what went wrong on this page. When you press Send, we receive your words and a recording of what this page did: the buttons and links you used, with what you typed replaced by x and 0 (a field the site marks as safe, such as a weight, is kept), the page address, your screen size and whether this is a phone. No cookie, no IP address.',
  words: 'What went wrong?',
  send: 'Send report',
  cancel: 'Cancel',
  close: 'Close',
  blank: 'Please write a few words about what went wrong.',
  sending: 'Sending…',
  sent: 'Thank you. Your report number {id} has arrived.',
  failed: 'The report was not sent: {reason}',
  notStarted: 'the page has not finished loading; try again in a moment.',
} as const;

export type ProblemReportLabels = { readonly [K in keyof typeof problemReportLabels]: string };
