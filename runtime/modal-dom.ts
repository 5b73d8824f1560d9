/**
 * The React-free half of the site's one modal mechanism (runtime/modal.tsx, docs/decisions.md,
 * "Modals: the native dialog"): what Tab can land on, the focus sentinels at the dialog's edges and
 * how the dialog opens. The view's ModalDialog and a behaviour that draws a modal itself without
 * React (the donate overlay, widgets/DonateButton/donate-overlay.dom.ts) share them.
 */

/** What Tab can land on inside the dialog, the sentinels left out. */
export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, iframe, [tabindex]:not([tabindex="-1"])';
/** The attribute that marks the two focus sentinels. */
export const SENTINEL = 'data-modal-sentinel';
/** Visually hidden, but focusable: the sentinel only exists to catch Tab at the edges. */
export const sentinelStyle = { position: 'fixed', width: 1, height: 1, opacity: 0, overflow: 'hidden' } as const;

export function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.hasAttribute(SENTINEL));
}

/** Focus the first (or last) control of the dialog, or the dialog itself when it has none. */
export function focusEdge(dialog: HTMLElement, edge: 'first' | 'last'): void {
  const controls = focusables(dialog);
  const target = (edge === 'first' ? controls[0] : controls.at(-1)) ?? dialog;
  target.focus();
}

/**
 * showModal() focuses the dialog's `autofocus` control: marked for that call only, the control the
 * dialog starts on (its first, unless it names one) takes focus in one move, and a screen reader
 * announces it once. Unmarked, showModal() focused the start sentinel, whose focus handler sent
 * focus to the last control, and then the first: three focus changes, each with its events and a
 * layout (issue 35: 5-9 ms of the lightbox's tap at 4x CPU).
 */
export function openModal(dialog: HTMLDialogElement, initialFocus: string | undefined): void {
  const first = (initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null) ?? focusables(dialog)[0];
  first?.setAttribute('autofocus', '');
  dialog.showModal();
  first?.removeAttribute('autofocus');
  if (!first || dialog.ownerDocument.activeElement !== first) focusEdge(dialog, 'first');
}
