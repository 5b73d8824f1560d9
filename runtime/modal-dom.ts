/**
 * The native modal dialog's DOM half, without React: what `ModalDialog` (runtime/modal.tsx) does to
 * its <dialog>, for a behaviour that draws and opens the same dialog itself (the lightbox's and the
 * donate overlay's, issue 35 goal 2). Why the native element and what the browser leaves to us:
 * runtime/modal.tsx and docs/decisions.md, "Modals: the native dialog".
 */

/** What Tab can land on inside the dialog, the sentinels left out. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, iframe, [tabindex]:not([tabindex="-1"])';
/** The attribute of the two focus sentinels at the dialog's edges. */
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

/** Whether a click at (x, y) on the dialog element itself fell outside its box, on the ::backdrop. */
export function isOutsideBox(dialog: Element, x: number, y: number): boolean {
  const box = dialog.getBoundingClientRect();
  return x < box.left || x > box.right || y < box.top || y > box.bottom;
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
