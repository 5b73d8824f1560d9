import type { PageService } from '../services';

/**
 * Issue 51: "Report a problem" in the footer. The dialog's binding and its machine
 * (runtime/services/problem-report-dialog.ts) are a chunk of their own, asked for when the button is
 * first pointed at, touched or focused, and bound by the first press: a page that nobody reports from
 * loads none of it (the phone's 40 KB before interaction, docs/design.md).
 */
export const problemReport: PageService = {
  name: 'problem-report',
  starts: 'after-boot',
  start(context) {
    const opener = context.document.querySelector<HTMLButtonElement>('[data-problem-report-open] button');
    if (!opener) return () => undefined;
    let stopped = false;
    let dialog: Promise<{ open(): void; stop(): void } | undefined> | undefined;
    const load = () => (dialog ??= import('./problem-report-dialog').then(({ problemReportDialog }) => (stopped ? undefined : problemReportDialog.bind(context, opener))));
    const onOpen = () => void load().then((bound) => bound?.open());
    const warm = () => void load().catch(() => undefined);
    opener.addEventListener('click', onOpen);
    for (const type of ['pointerenter', 'touchstart', 'focus'] as const) opener.addEventListener(type, warm, { once: true, passive: true });
    return () => {
      stopped = true;
      opener.removeEventListener('click', onOpen);
      for (const type of ['pointerenter', 'touchstart', 'focus'] as const) opener.removeEventListener(type, warm);
      void dialog?.then((bound) => bound?.stop());
    };
  },
};
