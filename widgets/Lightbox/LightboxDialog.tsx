import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { ModalDialog } from '../../runtime/modal';
import { translate } from '../../runtime/translations';
import { connectLightbox } from './lightbox.connect';
import { lightboxTranslations, type LightboxTranslations } from './lightbox.translations';

type LightboxRef = ActorRefFrom<typeof lightboxMachine>;

/**
 * The lightbox dialog, which the lightbox links and the image gallery share: a native modal
 * <dialog> (runtime/modal.tsx) whose ARIA and keys are lightbox.connect.ts. Rendered only while
 * open or closing; while closing it fades out for 300 ms and takes no clicks (§9). The lightbox's
 * behaviours draw the same dialog without React (lightbox.dom.ts).
 */
export function LightboxDialog({ lightboxRef, translations }: { lightboxRef: LightboxRef; translations?: Partial<LightboxTranslations> }) {
  const snapshot = useSelector(lightboxRef, (s) => s);
  const api = connectLightbox(snapshot, lightboxRef.send, translate(lightboxTranslations, translations));
  if (!api.item) return null;

  return (
    <ModalDialog {...api.dialogProps}>
      <p {...api.titleProps}>
        {api.title}
        {api.count ? <span className="lightbox__count">{api.count}</span> : null}
      </p>
      <div className="lightbox__body">
        {api.phase === 'failed' ? (
          <p className="lightbox__error" role="alert">
            {api.error}
          </p>
        ) : api.imageProps ? (
          <img {...api.imageProps} />
        ) : (
          <div className="lightbox__content" dangerouslySetInnerHTML={{ __html: api.html }} />
        )}
        {api.loadingText ? <p className="lightbox__loading">{api.loadingText}</p> : null}
      </div>
      {api.several ? (
        <>
          <button {...api.getArrowProps('prev')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button {...api.getArrowProps('next')}>
            <span aria-hidden="true">›</span>
          </button>
        </>
      ) : null}
      <button {...api.closeProps}>
        <span aria-hidden="true">×</span>
      </button>
    </ModalDialog>
  );
}
