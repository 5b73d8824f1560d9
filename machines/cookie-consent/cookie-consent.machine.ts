import { assign, setup } from 'xstate';
import { ACCEPT_ALL, REFUSE_ALL, grantPlatform, savedConsent, type Consent, type VideoPlatform } from './cookie-consent.rules';

/**
 * §4 Video, §5 Widgets, §6: the page's consent, asked in context (issue 19). There is no banner:
 * a video's placeholder asks for its platform ("Play video", for this visit or remembered) or for
 * every platform ("Always allow videos"); the settings dialog, opened from the footer's "Privacy
 * settings", reviews or withdraws the answer. A remembered answer is stored (cookie adapter); every
 * change is published on the page's consent channel, so every video follows it without a reload.
 */
export interface CookieConsentInput {
  /** What the consent cookie holds at load. */
  stored: Consent;
}

export interface CookieConsentContext {
  /** The answer the cookie holds (or will hold once stored). */
  consent: Consent;
  /** Platforms allowed for this visit only: never stored, gone on the next page. */
  forThisVisit: VideoPlatform[];
}

export type CookieConsentEvent =
  | { type: 'consent.grant'; platform: VideoPlatform; remember: boolean }
  | { type: 'consent.accept' }
  | { type: 'consent.refuse' }
  | { type: 'consent.save'; essential: boolean; platforms: VideoPlatform[] }
  | { type: 'settings.open' }
  | { type: 'settings.close' };

export const buildCookieConsentMachine = () =>
  setup({
    types: {} as { context: CookieConsentContext; input: CookieConsentInput; events: CookieConsentEvent },
    actions: {
      rememberPlatform: assign(({ context, event }) => (event.type === 'consent.grant' ? { consent: grantPlatform(context.consent, event.platform) } : {})),
      allowPlatformForThisVisit: assign(({ context, event }) =>
        event.type === 'consent.grant' && !context.forThisVisit.includes(event.platform) ? { forThisVisit: [...context.forThisVisit, event.platform] } : {},
      ),
      acceptAll: assign({ consent: ACCEPT_ALL, forThisVisit: [] }),
      refuseAll: assign({ consent: REFUSE_ALL, forThisVisit: [] }),
      /** The dialog shows every allowance (for this visit too), so what it saves is the whole answer. */
      saveChoices: assign(({ event }) => (event.type === 'consent.save' ? { consent: savedConsent(event.essential, event.platforms), forThisVisit: [] } : {})),
      /** Adapter: write the consent cookie (js-cookie in the runtime). */
      storeConsent: () => undefined,
      /** Adapter: tell every island on the page what now holds (runtime/consent.ts: effectiveConsent). */
      publishConsent: () => undefined,
    },
    guards: {
      wantsItRemembered: ({ event }) => event.type === 'consent.grant' && event.remember,
    },
  }).createMachine({
    id: 'cookieConsent',
    context: ({ input }) => ({ consent: input.stored, forThisVisit: [] }),
    initial: 'closed',
    on: {
      'consent.grant': [
        { guard: 'wantsItRemembered', actions: ['rememberPlatform', 'storeConsent', 'publishConsent'] },
        { actions: ['allowPlatformForThisVisit', 'publishConsent'] },
      ],
      'consent.accept': { target: '.closed', actions: ['acceptAll', 'storeConsent', 'publishConsent'] },
      'consent.refuse': { target: '.closed', actions: ['refuseAll', 'storeConsent', 'publishConsent'] },
      'consent.save': { target: '.closed', actions: ['saveChoices', 'storeConsent', 'publishConsent'] },
    },
    states: {
      /** The settings dialog (a native modal <dialog>). */
      closed: { on: { 'settings.open': 'open' } },
      open: { on: { 'settings.close': 'closed' } },
    },
  });

/**
 * The chart, built once, for the tests, the replay's catalog and the coverage report. The page's
 * service builds its own with `buildCookieConsentMachine()` as it starts, in a task of its own
 * (runtime/boot.ts): the page's entry builds no chart while it is evaluated (issue 49, goal 2), and
 * the bundler leaves this pure call out of it.
 */
export const cookieConsentMachine = /* @__PURE__ */ buildCookieConsentMachine();
