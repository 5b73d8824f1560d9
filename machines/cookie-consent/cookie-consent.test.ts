import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { cookieConsentMachine } from './cookie-consent.machine';
import { ACCEPT_ALL, NO_CONSENT, REFUSE_ALL, effectiveConsent, platformAllowed, platformEmbedsAllowed, type Consent } from './cookie-consent.rules';

function start(stored: Consent = NO_CONSENT) {
  const stores: Consent[] = [];
  const published: Consent[] = [];
  const machine = cookieConsentMachine.provide({
    actions: {
      storeConsent: ({ context }) => void stores.push(context.consent),
      publishConsent: ({ context }) => void published.push(effectiveConsent(context.consent, context.forThisVisit)),
    },
  });
  const actor = createActor(machine, { input: { stored }, clock: createTestClock() }).start();
  return { actor, stores, published };
}

describe('consent asked in context, reviewed in the settings dialog (§5, issue 19)', () => {
  it('a first visit stores, publishes and shows nothing: there is no banner, the dialog is closed', () => {
    const { actor, stores, published } = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(stores).toEqual([]);
    expect(published).toEqual([]);
  });

  it('"Play video" for this visit publishes that platform allowed and stores nothing', () => {
    const { actor, stores, published } = start();
    actor.send({ type: 'consent.grant', platform: 'youtube', remember: false });
    expect(stores).toEqual([]);
    expect(published).toHaveLength(1);
    const [now] = published;
    expect(now && [platformAllowed(now, 'youtube'), platformAllowed(now, 'vimeo')]).toEqual([true, false]);
    // The cookie still says "no answer": the next page asks again.
    expect(actor.getSnapshot().context.consent).toEqual(NO_CONSENT);
  });

  it('"Play video" remembered stores and publishes that platform only', () => {
    const { actor, stores, published } = start();
    actor.send({ type: 'consent.grant', platform: 'vimeo', remember: true });
    expect(stores).toEqual([{ given: true, refused: false, essential: true, videoEmbeds: false, platforms: ['vimeo'] }]);
    expect(published).toEqual(stores);
    expect(actor.getSnapshot().context.forThisVisit).toEqual([]);
  });

  it('"Always allow videos" stores and publishes every platform allowed', () => {
    const { actor, stores, published } = start();
    actor.send({ type: 'consent.accept' });
    expect(stores).toEqual([ACCEPT_ALL]);
    expect(published).toEqual([ACCEPT_ALL]);
    expect(platformEmbedsAllowed(actor.getSnapshot().context.consent)).toBe(true);
  });

  it('a visitor who refused can still play one video for this visit; the stored refusal stays', () => {
    const { actor, stores, published } = start(REFUSE_ALL);
    actor.send({ type: 'consent.grant', platform: 'youtube', remember: false });
    expect(stores).toEqual([]);
    expect(published[0] && platformAllowed(published[0], 'youtube')).toBe(true);
    expect(actor.getSnapshot().context.consent).toEqual(REFUSE_ALL);
  });

  it('the settings dialog saves what is ticked, allowances for this visit included, and closes', () => {
    const { actor, published, stores } = start();
    actor.send({ type: 'consent.grant', platform: 'youtube', remember: false });
    actor.send({ type: 'settings.open' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'consent.save', essential: true, platforms: [] });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(stores).toEqual([{ given: true, refused: false, essential: true, videoEmbeds: false, platforms: [] }]);
    // Withdrawn: the allowance for this visit is gone too.
    expect(published.at(-1) && platformAllowed(published.at(-1) as Consent, 'youtube')).toBe(false);
    expect(actor.getSnapshot().context.forThisVisit).toEqual([]);
  });

  it('both platforms ticked is "always allow"', () => {
    const { actor, stores } = start();
    actor.send({ type: 'consent.save', essential: true, platforms: ['youtube', 'vimeo'] });
    expect(stores).toEqual([ACCEPT_ALL]);
  });

  it('"Refuse all" withdraws everything and closes the dialog', () => {
    const { actor, published } = start(ACCEPT_ALL);
    actor.send({ type: 'settings.open' });
    actor.send({ type: 'consent.refuse' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(published).toEqual([REFUSE_ALL]);
  });

  it('closing the dialog without saving changes nothing', () => {
    const { actor, published } = start();
    actor.send({ type: 'settings.open' });
    actor.send({ type: 'settings.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(published).toEqual([]);
  });
});
