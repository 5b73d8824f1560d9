import { useMemo } from 'react';
import { overlayText } from '../../provider/donate/overlay-text';
import { browserLocalesOf } from '../../provider/sdk/locale';
import { ModalDialog } from '../../runtime/modal';
import type { Translations } from '../../runtime/translations';
import { connectDonateOverlay, type OverlayHandlers, type OverlayState } from './donate-overlay.connect';
import { donateButtonTranslations, type DonateButtonTranslations } from './donate-button.translations';

export type { FrameStage, OverlayContext } from './donate-overlay.connect';

export interface DonateOverlayProps extends OverlayState, OverlayHandlers {
  frameUrl: string;
  translations?: Translations<DonateButtonTranslations>;
}

/**
 * §4 the donate overlay: a native modal <dialog> (runtime/modal.tsx) whose ARIA and keys are
 * donate-overlay.connect.ts; the button gets focus back when it closes (DonateButton).
 */
export function DonateOverlay({ frameUrl, translations = donateButtonTranslations, ...props }: DonateOverlayProps) {
  const text = useMemo(() => overlayText(browserLocalesOf(typeof navigator === 'undefined' ? undefined : navigator)), []);
  const api = connectDonateOverlay(props, props, translations);
  return (
    <ModalDialog {...api.dialogProps}>
      {api.closeProps ? (
        <a {...api.closeProps}>
          <span aria-hidden="true">×</span>
        </a>
      ) : null}
      {props.context === 'popup' ? (
        <div className="donate-overlay__help" lang={text.lang} dir={text.dir}>
          <p>{text.help}</p>
          <a {...api.continueProps}>{text.continue}</a>
        </div>
      ) : (
        <>
          <div {...api.spinnerProps}>
            <span className="visually-hidden">{api.loadingText}</span>
          </div>
          <iframe {...api.frameProps} src={frameUrl} />
        </>
      )}
    </ModalDialog>
  );
}
