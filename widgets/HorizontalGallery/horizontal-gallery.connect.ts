import type { SnapshotFrom } from 'xstate';
import type { sliderMachine, SliderEvent, StripLayout } from '../../machines/slider/slider.machine';
import { canWrap, lastIndex } from '../../machines/slider/slider.rules';
import type { Translations } from '../../runtime/translations';
import type { HorizontalGalleryTranslations } from './horizontal-gallery.translations';

type Snapshot = SnapshotFrom<typeof sliderMachine>;

/**
 * §4: how far the strip slides so the active item's middle meets the viewport's middle, clamped so
 * the strip never leaves its ends; 0 with nothing active.
 */
export function centredOffset(layout: StripLayout, current: number | null): number {
  const item = current === null ? undefined : layout.items[current];
  if (!item) return 0;
  const centred = item.left + item.width / 2 - layout.viewport / 2;
  return Math.min(Math.max(0, centred), Math.max(0, layout.strip - layout.viewport));
}

/**
 * §4 Horizontal gallery as a WAI-ARIA carousel: the arrows hide at the strip's ends unless looping
 * is endless, and the active item is the current one, centred once the strip has been measured
 * (horizontal-gallery.dom.ts). Keys and swipes are slider-input.ts.
 */
export function connectHorizontalGallery(snapshot: Snapshot, send: (event: SliderEvent) => void, t: Translations<HorizontalGalleryTranslations>) {
  const { current, count, loopAutoplay, loopManual, layout } = snapshot.context;
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
    /** The strip's slide; none before it has been measured (the prerendered strip sits at its start). */
    stripStyle: layout === null ? undefined : { transform: `translateX(${-centredOffset(layout, current)}px)` },
    getItemProps: (index: number) =>
      ({ className: `horizontal-gallery__item${index === current ? ' is-active' : ''}`, 'aria-current': index === current ? 'true' : undefined }) as const,
  };
}
