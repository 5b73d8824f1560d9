import { createActor, fromPromise } from 'xstate';
import { problemReportMachine, BLANK, type ReportAnswer } from '../../machines/problem-report/problem-report.machine';
import type { ServiceContext } from '../services';

/**
 * Issue 51: the DOM binding of the problem-report machine, as the privacy settings' is of theirs
 * (demo/services/cookie-consent.ts), loaded by the footer's button (runtime/services/problem-report.ts)
 * the first time it is pointed at, focused or pressed, so no page pays for it before. `open()` opens the
 * prerendered modal <dialog> (runtime/render/ProblemReport.tsx): focus moves to the field, Escape or
 * Cancel closes it and focus returns to the button; Send posts the report (runtime/report/send.ts, its
 * own chunk, loaded only then). The status line (a live region) says why a report did not go, or that
 * it arrived.
 */
export const problemReportDialog = {
  bind({ document, window, clock, inspect }: ServiceContext, opener: HTMLButtonElement): { open(): void; stop(): void } | undefined {
    const root = document.querySelector<HTMLElement>('[data-problem-report]');
    const dialog = root?.querySelector<HTMLDialogElement>('[data-problem-report-dialog]');
    const form = root?.querySelector<HTMLFormElement>('[data-problem-report-form]');
    const words = root?.querySelector<HTMLTextAreaElement>('[data-problem-report-words]');
    const status = root?.querySelector<HTMLElement>('[data-problem-report-status]');
    const send = root?.querySelector<HTMLButtonElement>('[data-problem-report-send]');
    const close = root?.querySelector<HTMLButtonElement>('[data-problem-report-close]');
    if (!root || !dialog || !form || !words || !status || !send || !close) return undefined;
    const label = (key: string) => status.dataset[key] ?? '';

    const actor = createActor(
      problemReportMachine.provide({
        actors: {
          sendReport: fromPromise<ReportAnswer>(async () => (await import('../report/send')).sendReport(window, words.value.trim(), label('notStarted'))),
        },
        actions: { returnFocus: () => opener.focus() },
      }),
      { clock, inspect },
    );

    const render = () => {
      const snapshot = actor.getSnapshot();
      const shown = !snapshot.matches('closed');
      if (shown && !dialog.open) {
        dialog.showModal();
        words.focus();
      } else if (!shown && dialog.open) dialog.close();
      const { problem, id } = snapshot.context;
      const text = snapshot.matches('sending')
        ? label('sending')
        : snapshot.matches('sent')
          ? label('sent').replace('{id}', String(id))
          : problem === BLANK
            ? label('blank')
            : problem !== ''
              ? label('failed').replace('{reason}', problem)
              : '';
      if (status.textContent !== text) status.textContent = text;
      const sent = snapshot.matches('sent');
      // Sent: the report cannot go twice; focus moves from the hidden Send to the one way out.
      if (sent && document.activeElement === send) close.focus();
      send.hidden = sent;
      send.setAttribute('aria-disabled', String(snapshot.matches('sending')));
      const closeText = label(sent ? 'close' : 'cancel');
      if (close.textContent !== closeText) close.textContent = closeText;
      words.readOnly = !snapshot.matches('open');
      words.setAttribute('aria-invalid', String(problem === BLANK));
    };
    const subscription = actor.subscribe(render);

    const onOpen = () => {
      if (actor.getSnapshot().matches('closed')) words.value = '';
      actor.send({ type: 'report.open' });
    };
    const onClick = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('[data-problem-report-close]')) actor.send({ type: 'report.close' });
    };
    const onSubmit = (event: Event) => {
      event.preventDefault();
      actor.send({ type: 'report.send', blank: words.value.trim() === '' });
    };
    // Escape: the machine closes the dialog (and returns focus), not the browser on its own.
    const onCancel = (event: Event) => {
      event.preventDefault();
      actor.send({ type: 'report.close' });
    };
    root.addEventListener('click', onClick);
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('cancel', onCancel);
    actor.start();
    render();

    return {
      open: onOpen,
      stop() {
      root.removeEventListener('click', onClick);
      form.removeEventListener('submit', onSubmit);
      dialog.removeEventListener('cancel', onCancel);
      subscription.unsubscribe();
      actor.stop();
      },
    };
  },
};
