import { assign, setup } from 'xstate';
import { ACCEPT_ALL, REFUSE_ALL, type Consent } from './cookie-consent.rules';

/**
 * §4 Video, §5 Widgets, §6: the cookie consent banner and its settings dialog. The banner shows
 * until the visitor answers; the dialog (essential cookies, video embeds) can be opened from the
 * banner or later from the page. Every answer is stored (cookie adapter) and published on the
 * page's consent channel so every video updates without a reload.
 */
export interface CookieConsentInput {
  /** What the consent cookie holds at load. */
  stored: Consent;
}

export interface CookieConsentContext {
  consent: Consent;
}

export type CookieConsentEvent =
  | { type: 'consent.accept' }
  | { type: 'consent.refuse' }
  | { type: 'consent.save'; essential: boolean; videoEmbeds: boolean }
  | { type: 'settings.open' }
  | { type: 'settings.close' };

export const cookieConsentMachine = setup({
  types: {} as { context: CookieConsentContext; input: CookieConsentInput; events: CookieConsentEvent },
  actions: {
    acceptAll: assign({ consent: ACCEPT_ALL }),
    refuseAll: assign({ consent: REFUSE_ALL }),
    saveChoices: assign(({ event }) =>
      event.type === 'consent.save'
        ? { consent: { given: true, refused: false, essential: event.essential, videoEmbeds: event.videoEmbeds } }
        : {},
    ),
    /** Adapter: write the consent cookie (js-cookie in the runtime). */
    storeConsent: () => undefined,
    /** Adapter: tell every island on the page (runtime/consent.ts). */
    publishConsent: () => undefined,
  },
  guards: {
    hasAnswered: ({ context }) => context.consent.given,
  },
}).createMachine({
  id: 'cookieConsent',
  context: ({ input }) => ({ consent: input.stored }),
  type: 'parallel',
  on: {
    'consent.accept': { target: ['.banner.hidden', '.dialog.closed'], actions: ['acceptAll', 'storeConsent', 'publishConsent'] },
    'consent.refuse': { target: ['.banner.hidden', '.dialog.closed'], actions: ['refuseAll', 'storeConsent', 'publishConsent'] },
    'consent.save': { target: ['.banner.hidden', '.dialog.closed'], actions: ['saveChoices', 'storeConsent', 'publishConsent'] },
  },
  states: {
    banner: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasAnswered', target: 'hidden' }, { target: 'shown' }] },
        shown: {},
        hidden: {},
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: { on: { 'settings.open': 'open' } },
        open: { on: { 'settings.close': 'closed' } },
      },
    },
  },
});
