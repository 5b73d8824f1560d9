import type { SnapshotFrom } from 'xstate';
import type { sliderMachine, SliderEvent } from '../../machines/slider/slider.machine';
import { format, type Translations } from '../../runtime/translations';
import type { SlideshowTranslations } from './slideshow.translations';

type Snapshot = SnapshotFrom<typeof sliderMachine>;

export interface SlideshowParts {
  /** The id of the slides container, which the arrows control. */
  slidesId: string;
  slides: ReadonlyArray<{ title: string }>;
  /** Whether the slideshow has a rotation control (the autoplay setting). */
  rotation: boolean;
}

/**
 * §4 Slideshow as the WAI-ARIA carousel pattern: a labelled region with a carousel role
 * description, the rotation control first, previous/next controlling the slides, slides as labelled
 * groups hidden from the accessibility tree unless shown, a live region that is quiet while the
 * slides rotate, and a picker whose current dot says so. Keys and swipes are slider-input.ts.
 */
export function connectSlideshow(snapshot: Snapshot, send: (event: SliderEvent) => void, parts: SlideshowParts, t: Translations<SlideshowTranslations>) {
  const { current, previous, direction, autoplay, moves } = snapshot.context;
  const animating = snapshot.matches({ running: { motion: 'animating' } });
  const playing = snapshot.matches({ running: { autoplay: 'playing' } });
  const count = parts.slides.length;
  const shown = current ?? 0;

  return {
    shown,
    getRootProps: (label: string) => ({ 'aria-roledescription': t.carousel, 'aria-label': label }),
    /** Absent without autoplay (§4): there is nothing to start or stop. */
    rotationProps: parts.rotation
      ? {
          type: 'button',
          'aria-label': autoplay ? t.stopRotation : t.startRotation,
          onClick: () => send({ type: autoplay ? 'autoplay.stop' : 'autoplay.start' }),
        } as const
      : null,
    /** The rotation control's glyph: pause bars while rotating, a play triangle when not. */
    rotationGlyph: autoplay ? '❚❚' : '▶',
    getArrowProps: (which: 'prev' | 'next') =>
      ({
        type: 'button',
        'aria-controls': parts.slidesId,
        'aria-label': which === 'prev' ? t.previousSlide : t.nextSlide,
        onClick: () => send({ type: which === 'prev' ? 'nav.prev' : 'nav.next' }),
      }) as const,
    slidesProps: { id: parts.slidesId, 'aria-live': playing ? 'off' : 'polite', 'aria-busy': animating } as const,
    getSlideProps(index: number) {
      const isCurrent = index === shown;
      const isLeaving = animating && index === previous && !isCurrent;
      const state = isCurrent ? `is-current from-${direction}` : isLeaving ? `is-leaving to-${direction}` : '';
      return {
        className: `slideshow__slide ${state}`.trim(),
        role: 'group',
        'aria-roledescription': t.slide,
        'aria-label': format(t.slideLabel, { index: index + 1, count, title: parts.slides[index]?.title ?? '' }),
        'aria-hidden': !isCurrent,
        inert: !isCurrent,
        'data-moves': isCurrent ? moves : undefined,
      } as const;
    },
    /** The shown slide's picture loads at once, the others when the browser is ready for them. */
    getImageProps: (index: number) => ({ loading: index === shown ? 'eager' : 'lazy' }) as const,
    /** §4: a playing video holds autoplay; one that ends moves on (the machine decides). */
    videoProps: {
      onPlay: () => send({ type: 'video.play' }),
      onEnded: () => send({ type: 'video.ended' }),
    },
    /** Only with two slides or more: one slide has nothing to choose. */
    pickerProps: count > 1 ? ({ role: 'group', 'aria-label': t.picker } as const) : null,
    getDotProps: (index: number) =>
      ({
        type: 'button',
        'aria-label': format(t.pickSlide, { index: index + 1, title: parts.slides[index]?.title ?? '' }),
        'aria-current': index === shown ? 'true' : undefined,
        onClick: () => send({ type: 'nav.goto', position: index + 1 }),
      }) as const,
  };
}
