import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { overlayText } from '../../provider/donate/overlay-text';
import { browserLocalesOf } from '../../provider/sdk/locale';

/**
 * §4 the donate overlay, a modal dialog (WAI-ARIA APG): focus moves in and stays in (guards at
 * both ends also catch Tab out of the embedded frame), Escape closes, and the button gets focus
 * back when it closes (DonateButton). Popup context: the help text and "Click to Continue"; a
 * click anywhere refocuses the popup. Frame context: the spinner, then the checkout frame fading in.
 */
export type OverlayContext = 'popup' | 'iframe';
export type FrameStage = 'prerendering' | 'revealing' | 'shown';

export interface DonateOverlayProps {
  context: OverlayContext;
  frameStage: FrameStage | null;
  frameUrl: string;
  hideCloseButton: boolean;
  onRefocus(): void;
  onClose(): void;
  onFrameLoaded(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function focusEdge(dialog: HTMLElement | null, edge: 'first' | 'last') {
  const items = [...(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
  const target = (edge === 'first' ? items[0] : items.at(-1)) ?? dialog;
  target?.focus();
}

/** An <a role="button"> activates on Space as well as Enter. */
function pressOnSpace(event: KeyboardEvent<HTMLElement>, press: () => void) {
  if (event.key === ' ') {
    event.preventDefault();
    press();
  }
}

export function DonateOverlay({ context, frameStage, frameUrl, hideCloseButton, onRefocus, onClose, onFrameLoaded }: DonateOverlayProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const text = useMemo(() => overlayText(browserLocalesOf(typeof navigator === 'undefined' ? undefined : navigator)), []);

  const focusFirst = () => focusEdge(dialog.current, 'first');
  const focusLast = () => focusEdge(dialog.current, 'last');

  useEffect(() => {
    focusEdge(dialog.current, 'first');
  }, []);

  const close = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  const refocus = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onRefocus();
  };

  return (
    <div
      className="donate-overlay"
      data-context={context}
      onClick={context === 'popup' ? onRefocus : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close(event);
      }}
    >
      <span className="donate-overlay__guard" tabIndex={0} onFocus={focusLast} />
      <div ref={dialog} className="donate-overlay__box" role="dialog" aria-modal="true" aria-label="Donation checkout" tabIndex={-1}>
        {hideCloseButton ? null : (
          <a href="#" role="button" className="donate-overlay__close" aria-label="close" onClick={close} onKeyDown={(e) => pressOnSpace(e, onClose)}>
            <span aria-hidden="true">×</span>
          </a>
        )}
        {context === 'popup' ? (
          <div className="donate-overlay__help" lang={text.lang} dir={text.dir}>
            <p>{text.help}</p>
            <a href="#" role="button" className="donate-overlay__continue" onClick={refocus} onKeyDown={(e) => pressOnSpace(e, onRefocus)}>
              {text.continue}
            </a>
          </div>
        ) : (
          <>
            <div className="donate-overlay__spinner" role="status" hidden={frameStage !== 'prerendering'}>
              <span className="visually-hidden">Loading the secure checkout…</span>
            </div>
            <iframe className="donate-overlay__frame" data-stage={frameStage ?? undefined} title="Secure donation checkout" src={frameUrl} onLoad={onFrameLoaded} />
          </>
        )}
      </div>
      <span className="donate-overlay__guard" tabIndex={0} onFocus={focusFirst} />
    </div>
  );
}
