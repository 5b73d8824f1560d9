import { useLayoutEffect, useRef, type DialogHTMLAttributes, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { nextTask } from './next-task';
import { SENTINEL, focusEdge, isOutsideBox, openModal, sentinelStyle } from './modal-dom';

export { focusEdge, focusables } from './modal-dom';

/**
 * The one modal mechanism of the site (docs/decisions.md, "Modals: the native dialog"): a native
 * <dialog> opened with showModal(), so the browser puts it in the top layer over everything, makes
 * the rest of the page inert and names it a modal dialog. The lightbox, the image gallery's lightbox
 * and the donate overlay use it; the cookie settings dialog is the same element driven from the DOM.
 *
 * What the browser leaves to us:
 * - Escape closes through the widget's machine, not the browser, so a closing animation can play:
 *   the keydown is cancelled (which also stops the browser's own `cancel`) and `onDismiss` is called.
 * - Tab wraps inside the dialog: a native modal lets focus leave to the browser's own controls after
 *   the last element, and a frame inside (the donate checkout) hands focus straight back to the page.
 *   Two focus sentinels at the dialog's edges send it to the other end (WAI-ARIA APG dialog).
 * - Focus return stays with the widget (it knows the opener even when the dialog unmounts).
 */
export interface ModalDialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel' | 'onClose'> {
  /** Escape, or the browser's own close request. */
  onDismiss(): void;
  /** A click on the dimmed page around the dialog (its ::backdrop). */
  onBackdropClick?(): void;
  /** The control that takes focus as the dialog opens (a selector inside it); its first control by default. */
  initialFocus?: string;
  children: ReactNode;
}

/** Whether a click on the dialog element fell outside its box, on the ::backdrop. */
export function isBackdropClick(event: MouseEvent<HTMLElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  return isOutsideBox(event.currentTarget, event.clientX, event.clientY);
}

export function ModalDialog({ onDismiss, onBackdropClick, initialFocus, onKeyDown, onClick, children, ...attributes }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // Opened in the task after the one that rendered it (issue 35): showModal() makes the whole page
    // inert, a style recalculation of every element, and focuses; with the tap's handlers and the
    // render before it, that was one task of 52-72 ms at 4x CPU. In its own task the browser can
    // answer other input between the two. The dialogs fade in from transparent (unless the visitor
    // asks for reduced motion), so the frame the dialog may miss would have shown nothing of it.
    let live = true;
    void nextTask().then(() => {
      if (live && dialog.isConnected && !dialog.open) openModal(dialog, initialFocus);
    });
    return () => {
      live = false;
    };
  }, [initialFocus]);

  const keyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key !== 'Escape') return;
    event.preventDefault();
    onDismiss();
  };
  const click = (event: MouseEvent<HTMLDialogElement>) => {
    onClick?.(event);
    if (onBackdropClick && isBackdropClick(event)) onBackdropClick();
  };
  const wrapTo = (edge: 'first' | 'last') => (event: FocusEvent<HTMLElement>) => {
    const dialog = event.currentTarget.closest('dialog');
    if (dialog) focusEdge(dialog, edge);
  };

  return (
    <dialog
      ref={ref}
      {...attributes}
      // `open` is the browser's (showModal), never a prop: a view hydrating over a dialog its
      // behaviour drew and opened (the donate overlay, issue 35) finds it there.
      suppressHydrationWarning
      onKeyDown={keyDown}
      onClick={click}
      onCancel={(event) => {
        // A close request that did not come through the keydown (the browser's own): the machine decides.
        event.preventDefault();
        onDismiss();
      }}
    >
      <span {...{ [SENTINEL]: '' }} tabIndex={0} style={sentinelStyle} onFocus={wrapTo('last')} />
      {children}
      <span {...{ [SENTINEL]: '' }} tabIndex={0} style={sentinelStyle} onFocus={wrapTo('first')} />
    </dialog>
  );
}
