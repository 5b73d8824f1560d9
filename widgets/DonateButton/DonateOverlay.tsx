import { useEffect, useState } from 'react';
import { ENGLISH_OVERLAY_TEXT, loadOverlayText, type OverlayText } from '../../provider/donate/overlay-text';
import { ModalDialog } from '../../runtime/modal';
import type { Translations } from '../../runtime/translations';
import { connectDonateOverlay, type OverlayHandlers, type OverlayState } from './donate-overlay.connect';
import { donateButtonTranslations, type DonateButtonTranslations } from './donate-button.translations';
import { browserLocales } from './donate-overlay.dom';

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
  const text = useOverlayText();
  const api = connectDonateOverlay(props, props, translations);
  return (
    <ModalDialog {...api.dialogProps}>
      {api.closeProps ? (
        <a {...api.closeProps}>
          <span aria-hidden="true">×</span>
        </a>
      ) : null}
      {props.context === 'popup' ? (
        <div className="donate-overlay__help" lang={text.lang} dir={text.dir} aria-busy={text.loading || undefined}>
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

/**
 * The overlay's help text in the visitor's language (provider/donate/overlay-text.ts). Another
 * language than English comes from its own chunk, preloaded when the button hydrates; until it is
 * there (or if it cannot load) the help is the English text, marked busy.
 */
function useOverlayText(): OverlayText & { loading: boolean } {
  const [text, setText] = useState<OverlayText | Promise<OverlayText>>(() => loadOverlayText(browserLocales()));
  useEffect(() => {
    if (!(text instanceof Promise)) return;
    let live = true;
    text.then(
      (loaded) => live && setText(loaded),
      () => live && setText(ENGLISH_OVERLAY_TEXT),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return text instanceof Promise ? { ...ENGLISH_OVERLAY_TEXT, loading: true } : { ...text, loading: false };
}
