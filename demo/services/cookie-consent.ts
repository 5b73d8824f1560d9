import '../styles/cookie-consent.css';
import { createActor } from 'xstate';
import { buildCookieConsentMachine } from '../../machines/cookie-consent/cookie-consent.machine';
import { NO_CONSENT, effectiveConsent, isVideoPlatform, platformAllowed } from '../../machines/cookie-consent/cookie-consent.rules';
import { answerConsentQueries, onConsentRequest, publishConsent, readConsent, storeConsent } from '../../runtime/consent';
import type { PageService } from '../../runtime/services';

/**
 * The DOM binding of the cookie-consent machine (issue 19: consent in context). It answers the
 * videos' placeholders (requests on the page's consent channel), opens the privacy settings dialog
 * from the footer's link as a modal <dialog> (focus moves in, Escape closes, focus returns) and
 * routes the dialog's buttons to the machine. Storing and publishing go through runtime/consent.ts.
 */
export const cookieConsent: PageService = {
  name: 'cookie-consent',
  starts: 'after-boot',
  start({ document, window, clock, inspect }) {
    const root = document.querySelector<HTMLElement>('[data-cookie-consent]');
    const dialog = root?.querySelector<HTMLDialogElement>('[data-cookie-dialog]');
    const form = root?.querySelector<HTMLFormElement>('[data-cookie-form]');
    const reopen = document.querySelector<HTMLElement>('[data-consent-reopen]');
    if (!root || !dialog || !form) return () => undefined;

    const actor = createActor(
      buildCookieConsentMachine().provide({
        actions: {
          storeConsent: ({ context }) => storeConsent(context.consent),
          publishConsent: ({ context }) => publishConsent(window, effectiveConsent(context.consent, context.forThisVisit)),
        },
      }),
      { input: { stored: readConsent() }, clock, inspect },
    );
    const current = () => {
      const { consent, forThisVisit } = actor.getSnapshot().context;
      return effectiveConsent(consent, forThisVisit);
    };

    const checkboxes = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
    let dialogWasOpen = false;
    const render = () => {
      const snapshot = actor.getSnapshot();
      const open = snapshot.matches('open');
      if (open && !dialogWasOpen) {
        // The dialog shows what holds now, allowances for this visit included; before any answer
        // only the essential cookie is preselected: videos are opt-in.
        const shown = snapshot.context.consent.given || snapshot.context.forThisVisit.length ? current() : NO_CONSENT;
        for (const box of checkboxes('essential')) box.checked = shown.essential && !shown.refused;
        for (const box of checkboxes('platform')) box.checked = isVideoPlatform(box.value) && platformAllowed(shown, box.value);
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
      const platforms = checkboxes('platform')
        .filter((box) => box.checked)
        .map((box) => box.value)
        .filter(isVideoPlatform);
      actor.send({ type: 'consent.save', essential: checkboxes('essential').some((box) => box.checked), platforms });
    };
    // Escape (or any other way the browser closes the dialog) closes it in the machine too.
    const onClose = () => {
      if (actor.getSnapshot().matches('open')) actor.send({ type: 'settings.close' });
    };
    root.addEventListener('click', onClick);
    reopen?.addEventListener('click', onClick);
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('close', onClose);
    const stopQueries = answerConsentQueries(window, current);
    const stopRequests = onConsentRequest(window, (request) =>
      actor.send('all' in request ? { type: 'consent.accept' } : { type: 'consent.grant', platform: request.platform, remember: request.remember }),
    );
    actor.start();
    render();

    return () => {
      stopRequests();
      stopQueries();
      root.removeEventListener('click', onClick);
      reopen?.removeEventListener('click', onClick);
      form.removeEventListener('submit', onSubmit);
      dialog.removeEventListener('close', onClose);
      subscription.unsubscribe();
      actor.stop();
    };
  },
};
