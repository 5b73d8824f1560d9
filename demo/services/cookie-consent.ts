import '../styles/cookie-consent.css';
import { createActor } from 'xstate';
import { cookieConsentMachine } from '../../machines/cookie-consent/cookie-consent.machine';
import { NO_CONSENT } from '../../machines/cookie-consent/cookie-consent.rules';
import { onConsentSettingsRequest, publishConsent, readConsent, storeConsent } from '../../runtime/consent';
import type { PageService } from '../../runtime/services';

/**
 * The DOM binding of the cookie-consent machine: shows the prerendered banner on a first visit,
 * opens the settings dialog as a modal <dialog> (focus moves in, Escape closes, focus returns),
 * and routes the buttons to the machine. Storing and publishing go through runtime/consent.ts.
 */
export const cookieConsent: PageService = {
  name: 'cookie-consent',
  start({ document, window, clock, inspect }) {
    const root = document.querySelector<HTMLElement>('[data-cookie-consent]');
    const banner = root?.querySelector<HTMLElement>('[data-cookie-banner]');
    const dialog = root?.querySelector<HTMLDialogElement>('[data-cookie-dialog]');
    const form = root?.querySelector<HTMLFormElement>('[data-cookie-form]');
    // The footer's 'Cookie settings' control lives in the footer, apart from the banner.
    const reopen = document.querySelector<HTMLElement>('[data-consent-reopen]');
    if (!root || !banner || !dialog || !form) return () => undefined;

    const actor = createActor(
      cookieConsentMachine.provide({
        actions: {
          storeConsent: ({ context }) => storeConsent(context.consent),
          publishConsent: ({ context }) => publishConsent(window, context.consent),
        },
      }),
      { input: { stored: readConsent() }, clock, inspect },
    );

    const checkbox = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    let dialogWasOpen = false;
    const render = () => {
      const snapshot = actor.getSnapshot();
      banner.hidden = !snapshot.matches({ banner: 'shown' });
      if (reopen) reopen.hidden = false;
      const open = snapshot.matches({ dialog: 'open' });
      if (open && !dialogWasOpen) {
        const { consent } = snapshot.context;
        // Before any answer, only the essential cookie is preselected: embeds are opt-in.
        const shown = consent.given ? consent : { ...NO_CONSENT, videoEmbeds: false };
        const essential = checkbox('essential');
        const videoEmbeds = checkbox('videoEmbeds');
        if (essential) essential.checked = shown.essential && !shown.refused;
        if (videoEmbeds) videoEmbeds.checked = shown.videoEmbeds && !shown.refused;
        if (!dialog.open) dialog.showModal();
      } else if (!open && dialog.open) dialog.close();
      dialogWasOpen = open;
    };
    const subscription = actor.subscribe(render);

    const onClick = (event: Event) => {
      const target = event.target instanceof Element ? event.target.closest('button') : null;
      if (!target) return;
      if (target.matches('[data-consent-accept]')) actor.send({ type: 'consent.accept' });
      else if (target.matches('[data-consent-refuse]')) actor.send({ type: 'consent.refuse' });
      else if (target.matches('[data-consent-settings]')) actor.send({ type: 'settings.open' });
      else if (target.matches('[data-consent-close]')) actor.send({ type: 'settings.close' });
    };
    const onSubmit = (event: Event) => {
      event.preventDefault();
      actor.send({ type: 'consent.save', essential: checkbox('essential')?.checked ?? false, videoEmbeds: checkbox('videoEmbeds')?.checked ?? false });
    };
    // Escape (or any other way the browser closes the dialog) closes it in the machine too.
    const onClose = () => {
      if (actor.getSnapshot().matches({ dialog: 'open' })) actor.send({ type: 'settings.close' });
    };
    root.addEventListener('click', onClick);
    reopen?.addEventListener('click', onClick);
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('close', onClose);
    const stopRequests = onConsentSettingsRequest(window, () => actor.send({ type: 'settings.open' }));
    actor.start();
    render();

    return () => {
      stopRequests();
      root.removeEventListener('click', onClick);
      reopen?.removeEventListener('click', onClick);
      form.removeEventListener('submit', onSubmit);
      dialog.removeEventListener('close', onClose);
      subscription.unsubscribe();
      actor.stop();
    };
  },
};
