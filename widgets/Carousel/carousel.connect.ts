import type { SnapshotFrom } from 'xstate';
import type { sliderMachine, SliderEvent } from '../../machines/slider/slider.machine';
import { canWrap, lastIndex } from '../../machines/slider/slider.rules';
import { format, type Translations } from '../../runtime/translations';
import type { CarouselTranslations } from './carousel.translations';

type Snapshot = SnapshotFrom<typeof sliderMachine>;

/**
 * §3 carousel and §9 timelines as the WAI-ARIA carousel pattern: previous/next control the items
 * (disabled at the ends unless looping), the items are labelled groups and only the visible ones
 * are exposed; the item track is a polite live region. Keys and swipes are slider-input.ts.
 */
export function connectCarousel(snapshot: Snapshot, send: (event: SliderEvent) => void, items: ReadonlyArray<{ title: string }>, itemsId: string, t: Translations<CarouselTranslations>) {
  const { current, perView, count, loopAutoplay, loopManual, transitionMs } = snapshot.context;
  const first = current ?? 0;
  const wraps = canWrap(loopAutoplay, loopManual);
  const last = lastIndex(count, perView);

  return {
    first,
    perView,
    getRootProps: (label: string) => ({ 'aria-roledescription': t.carousel, 'aria-label': label }),
    /**
     * The track's position as carousel.css reads it (it moves by one item's width per step), its move
     * as long as the machine's transition (none with reduced motion, as the CSS's). Numbers as
     * strings: React writes a custom property's number bare, where `drawStyle` would add px.
     */
    rootStyle: { '--per-view': String(perView), '--first': String(first), '--speed': `${transitionMs}ms` },
    /**
     * At an end (unless looping) the arrow is `aria-disabled`, not `disabled` (issue 49.2, APG): a
     * focused Next that reaches the end keeps the focus (a disabled button drops it to the page) and
     * is still announced as unavailable; a press on it sends nothing.
     */
    getArrowProps: (which: 'prev' | 'next') => {
      const atEnd = !wraps && (which === 'prev' ? first <= 0 : first >= last);
      return {
        type: 'button',
        'aria-controls': itemsId,
        'aria-label': which === 'prev' ? t.previous : t.next,
        'aria-disabled': atEnd,
        onClick: () => {
          if (!atEnd) send({ type: which === 'prev' ? 'nav.prev' : 'nav.next' });
        },
      } as const;
    },
    trackProps: { id: itemsId, 'aria-live': 'polite' } as const,
    getItemProps(index: number) {
      const visible = index >= first && index < first + perView;
      return {
        role: 'group',
        'aria-roledescription': t.slide,
        'aria-label': format(t.itemLabel, { index: index + 1, count: items.length, title: items[index]?.title ?? '' }),
        'aria-hidden': !visible,
        inert: !visible,
      } as const;
    },
  };
}
