import type { KeyInput, PressInput } from '../../runtime/connect';
import type { Translations } from '../../runtime/translations';
import type { DonateButtonTranslations } from './donate-button.translations';

export type OverlayContext = 'popup' | 'iframe';
export type FrameStage = 'prerendering' | 'revealing' | 'shown';

export interface OverlayState {
  context: OverlayContext;
  frameStage: FrameStage | null;
  hideCloseButton: boolean;
}

export interface OverlayHandlers {
  onRefocus(): void;
  onClose(): void;
  onFrameLoaded(): void;
}

/** A link acting as a button: the click does the job, and does not reach the overlay behind it. */
function press(job: () => void) {
  return (event: PressInput) => {
    event.preventDefault();
    event.stopPropagation?.();
    job();
  };
}

/** An <a role="button"> activates on Space as well as Enter (Enter is the link's own click). */
function pressOnSpace(job: () => void) {
  return (event: KeyInput) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    job();
  };
}

/**
 * §4 the donate overlay as a WAI-ARIA modal dialog (runtime/modal.tsx), named "Donation checkout":
 * Escape and the close link close it. Popup context: the help text and "Click to Continue", and a
 * click anywhere (the backdrop included) refocuses the popup. Frame context: a spinner (a status)
 * until the checkout frame fades in.
 */
export function connectDonateOverlay(state: OverlayState, handlers: OverlayHandlers, t: Translations<DonateButtonTranslations>) {
  const popup = state.context === 'popup';
  return {
    dialogProps: {
      className: 'donate-overlay',
      'data-context': state.context,
      'aria-label': t.dialog,
      // Focus falls back to the dialog itself when it holds no control (no close link, no frame yet).
      tabIndex: -1,
      onDismiss: handlers.onClose,
      onClick: popup ? () => handlers.onRefocus() : undefined,
    },
    closeProps: state.hideCloseButton
      ? null
      : ({
          href: '#',
          role: 'button',
          className: 'donate-overlay__close',
          'aria-label': t.close,
          onClick: press(handlers.onClose),
          onKeyDown: pressOnSpace(handlers.onClose),
        } as const),
    continueProps: {
      href: '#',
      role: 'button',
      className: 'donate-overlay__continue',
      onClick: press(handlers.onRefocus),
      onKeyDown: pressOnSpace(handlers.onRefocus),
    } as const,
    spinnerProps: { className: 'donate-overlay__spinner', role: 'status', hidden: state.frameStage !== 'prerendering' } as const,
    loadingText: t.loading,
    frameProps: {
      className: 'donate-overlay__frame',
      'data-stage': state.frameStage ?? undefined,
      title: t.checkoutFrame,
      onLoad: handlers.onFrameLoaded,
    },
  };
}
