import type { SnapshotFrom } from 'xstate';
import type { lightboxMachine, LightboxEvent } from '../../machines/lightbox/lightbox.machine';
import type { KeyInput } from '../../runtime/connect';
import { format, type Translations } from '../../runtime/translations';
import type { LightboxTranslations } from './lightbox.translations';

type Snapshot = SnapshotFrom<typeof lightboxMachine>;
export type LightboxPhase = 'closed' | 'loading' | 'shown' | 'failed' | 'closing';

/**
 * The dialog's title id, the same in the view and in the behaviour that draws the dialog without it
 * (lightbox.dom.ts): a React useId could not be known there. One id serves every lightbox of a page,
 * since only one modal dialog is there at a time (the page behind it is inert until it is removed).
 */
export const LIGHTBOX_TITLE_ID = 'lightbox-title';

function phaseOf(snapshot: Snapshot): LightboxPhase {
  if (snapshot.matches('closed')) return 'closed';
  if (snapshot.matches('closing')) return 'closing';
  if (snapshot.matches({ open: 'shown' })) return 'shown';
  if (snapshot.matches({ open: 'failed' })) return 'failed';
  return 'loading';
}

/**
 * §4, §9 the lightbox as a WAI-ARIA modal dialog (runtime/modal.tsx): labelled by its title with
 * "(N of M)" in a gallery, busy while loading; Escape and the backdrop close, the arrow keys and
 * buttons move through a gallery. Nothing to render while closed.
 */
export function connectLightbox(snapshot: Snapshot, send: (event: LightboxEvent) => void, t: Translations<LightboxTranslations>, titleId = LIGHTBOX_TITLE_ID) {
  const { items, index, html, error } = snapshot.context;
  const phase = phaseOf(snapshot);
  const item = items[index];
  const several = items.length > 1;
  const close = () => send({ type: 'lightbox.close' });

  return {
    phase,
    item: phase === 'closed' ? undefined : item,
    several,
    title: item ? (item.kind === 'image' ? item.caption : item.title) : '',
    /** " (3 of 8)" after the title, in a gallery only. */
    count: several ? ` ${format(t.count, { index: index + 1, count: items.length })}` : null,
    loadingText: phase === 'loading' ? t.loading : null,
    /** §8: what failed, shown as an alert while failed. */
    error,
    /** Fetched content's HTML (§7), once loaded. */
    html,
    /** An image item's picture, hidden until it has loaded. */
    imageProps: item?.kind === 'image' ? { className: 'lightbox__image', src: item.src, alt: item.alt, hidden: phase !== 'shown' } : undefined,
    dialogProps: {
      className: `lightbox lightbox--${phase}`,
      'aria-labelledby': titleId,
      'aria-busy': phase === 'loading',
      onDismiss: close,
      onBackdropClick: close,
      /** Focus goes to the close button as the dialog opens (the machine's focusDialog asks for it too). */
      initialFocus: '.lightbox__close',
      onKeyDown(event: KeyInput) {
        if (!several) return;
        if (event.key === 'ArrowRight') send({ type: 'nav.next' });
        else if (event.key === 'ArrowLeft') send({ type: 'nav.prev' });
        else return;
        event.preventDefault();
      },
    },
    titleProps: { className: 'lightbox__title', id: titleId },
    getArrowProps: (which: 'prev' | 'next') =>
      ({
        type: 'button',
        className: `lightbox__arrow lightbox__arrow--${which}`,
        'aria-label': which === 'prev' ? t.previous : t.next,
        onClick: () => send({ type: which === 'prev' ? 'nav.prev' : 'nav.next' }),
      }) as const,
    closeProps: { type: 'button', className: 'lightbox__close', 'aria-label': t.close, onClick: close } as const,
  };
}

export type LightboxApi = ReturnType<typeof connectLightbox>;
