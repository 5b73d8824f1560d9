import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/clock';
import { cookieConsentMachine } from './cookie-consent.machine';
import { ACCEPT_ALL, NO_CONSENT, REFUSE_ALL, platformEmbedsAllowed, type Consent } from './cookie-consent.rules';

function start(stored: Consent = NO_CONSENT) {
  const stores: Consent[] = [];
  const published: Consent[] = [];
  const machine = cookieConsentMachine.provide({
    actions: {
      storeConsent: ({ context }) => void stores.push(context.consent),
      publishConsent: ({ context }) => void published.push(context.consent),
    },
  });
  const actor = createActor(machine, { input: { stored }, clock: createTestClock() }).start();
  return { actor, stores, published };
}

describe('cookie consent banner and settings dialog (§5)', () => {
  it('shows the banner on a first visit and hides it after an answer', () => {
    const { actor, stores, published } = start();
    expect(actor.getSnapshot().matches({ banner: 'shown', dialog: 'closed' })).toBe(true);
    actor.send({ type: 'consent.accept' });
    expect(actor.getSnapshot().matches({ banner: 'hidden' })).toBe(true);
    expect(stores).toEqual([ACCEPT_ALL]);
    expect(published).toEqual([ACCEPT_ALL]);
    expect(platformEmbedsAllowed(actor.getSnapshot().context.consent)).toBe(true);
  });

  it('keeps the banner hidden for a visitor who already answered', () => {
    const { actor } = start(REFUSE_ALL);
    expect(actor.getSnapshot().matches({ banner: 'hidden' })).toBe(true);
  });

  it('refusing stores and publishes a refusal', () => {
    const { actor, published } = start();
    actor.send({ type: 'consent.refuse' });
    expect(published).toEqual([REFUSE_ALL]);
    expect(platformEmbedsAllowed(actor.getSnapshot().context.consent)).toBe(false);
  });

  it('the settings dialog saves the two choices and closes', () => {
    const { actor, published } = start(ACCEPT_ALL);
    actor.send({ type: 'settings.open' });
    expect(actor.getSnapshot().matches({ dialog: 'open' })).toBe(true);
    actor.send({ type: 'consent.save', essential: true, videoEmbeds: false });
    expect(actor.getSnapshot().matches({ dialog: 'closed', banner: 'hidden' })).toBe(true);
    expect(published).toEqual([{ given: true, refused: false, essential: true, videoEmbeds: false }]);
    expect(platformEmbedsAllowed(actor.getSnapshot().context.consent)).toBe(false);
  });

  it('closing the dialog without saving changes nothing', () => {
    const { actor, published } = start();
    actor.send({ type: 'settings.open' });
    actor.send({ type: 'settings.close' });
    expect(actor.getSnapshot().matches({ dialog: 'closed', banner: 'shown' })).toBe(true);
    expect(published).toEqual([]);
  });
});
