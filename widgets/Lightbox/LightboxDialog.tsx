import { useSelector } from '@xstate/react';
import { useId, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { lightboxMachine } from '../../machines/lightbox/lightbox.machine';

type LightboxRef = ActorRefFrom<typeof lightboxMachine>;

/**
 * The lightbox as a WAI-ARIA modal dialog: labelled, focus kept inside (Tab wraps), Escape closes,
 * the arrow keys move through a gallery (§9). Rendered only while open or closing.
 */
export function LightboxDialog({ lightboxRef }: { lightboxRef: LightboxRef }) {
  const titleId = useId();
  const { items, index, html, error } = useSelector(lightboxRef, (s) => s.context);
  const phase = useSelector(lightboxRef, (s) =>
    s.matches('closed') ? 'closed' : s.matches('closing') ? 'closing' : s.matches({ open: 'shown' }) ? 'shown' : s.matches({ open: 'failed' }) ? 'failed' : 'loading',
  );
  if (phase === 'closed') return null;
  const item = items[index];
  if (!item) return null;
  const several = items.length > 1;
  const title = item.kind === 'image' ? item.caption : item.title;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') lightboxRef.send({ type: 'lightbox.close' });
    else if (event.key === 'ArrowRight' && several) lightboxRef.send({ type: 'nav.next' });
    else if (event.key === 'ArrowLeft' && several) lightboxRef.send({ type: 'nav.prev' });
    else if (event.key === 'Tab') trapFocus(event);
    else return;
    event.preventDefault();
  };

  return (
    <div className={`lightbox lightbox--${phase}`} onKeyDown={onKeyDown}>
      <div className="lightbox__backdrop" onClick={() => lightboxRef.send({ type: 'lightbox.close' })} />
      <div className="lightbox__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-busy={phase === 'loading'}>
        <p className="lightbox__title" id={titleId}>
          {title}
          {several ? <span className="lightbox__count"> ({index + 1} of {items.length})</span> : null}
        </p>
        <div className="lightbox__body">
          {phase === 'failed' ? (
            <p className="lightbox__error" role="alert">
              {error}
            </p>
          ) : item.kind === 'image' ? (
            <img className="lightbox__image" src={item.src} alt={item.alt} hidden={phase !== 'shown'} />
          ) : (
            <div className="lightbox__content" dangerouslySetInnerHTML={{ __html: html }} />
          )}
          {phase === 'loading' ? <p className="lightbox__loading">Loading…</p> : null}
        </div>
        {several ? (
          <>
            <button type="button" className="lightbox__arrow lightbox__arrow--prev" aria-label="Previous" onClick={() => lightboxRef.send({ type: 'nav.prev' })}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="lightbox__arrow lightbox__arrow--next" aria-label="Next" onClick={() => lightboxRef.send({ type: 'nav.next' })}>
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
        <button type="button" className="lightbox__close" aria-label="Close" onClick={() => lightboxRef.send({ type: 'lightbox.close' })}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const target = event.shiftKey ? (active === first || !event.currentTarget.contains(active) ? last : null) : active === last ? first : null;
  if (target) target.focus();
  else {
    const position = controls.indexOf(active as HTMLElement);
    controls[(position + (event.shiftKey ? -1 : 1) + controls.length) % controls.length]?.focus();
  }
}
