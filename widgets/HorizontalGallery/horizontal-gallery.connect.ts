import type { SnapshotFrom } from 'xstate';
import type { sliderMachine, SliderEvent } from '../../machines/slider/slider.machine';
import { canWrap, lastIndex } from '../../machines/slider/slider.rules';
import type { Translations } from '../../runtime/translations';
import type { HorizontalGalleryTranslations } from './horizontal-gallery.translations';

type Snapshot = SnapshotFrom<typeof sliderMachine>;

/**
 * §4 Horizontal gallery as a WAI-ARIA carousel: the arrows hide at the strip's ends unless looping
 * is endless, and the active item is the current one. Keys and swipes are slider-input.ts.
 */
export function connectHorizontalGallery(snapshot: Snapshot, send: (event: SliderEvent) => void, t: Translations<HorizontalGalleryTranslations>) {
  const { current, count, loopAutoplay, loopManual } = snapshot.context;
  const wraps = canWrap(loopAutoplay, loopManual);
  const last = lastIndex(count);
  return {
    current,
    getRootProps: (label: string) => ({ 'aria-roledescription': t.carousel, 'aria-label': label }),
    getArrowProps: (which: 'prev' | 'next') =>
      ({
        type: 'button',
        className: `horizontal-gallery__arrow horizontal-gallery__arrow--${which}`,
        'aria-label': which === 'prev' ? t.previous : t.next,
        hidden: !wraps && current !== null && (which === 'prev' ? current <= 0 : current >= last),
        onClick: () => send({ type: which === 'prev' ? 'nav.prev' : 'nav.next' }),
      }) as const,
    getItemProps: (index: number) =>
      ({ className: `horizontal-gallery__item${index === current ? ' is-active' : ''}`, 'aria-current': index === current ? 'true' : undefined }) as const,
  };
}
