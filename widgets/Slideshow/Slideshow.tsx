import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sliderMachine } from '../../machines/slider/slider.machine';
import { MOBILE_FALLBACK_NOTICE, cssEasing, fullscreenParallaxOffset, transitionTiming } from '../../machines/slider/slider.rules';
import { pageScroll, type PageMetrics } from '../../runtime/page-scroll';
import { Slot, type Slots } from '../../runtime/slots';
import type { SettingsOf } from '../../runtime/settings';
import { prefersReducedMotion, useSliderControls } from './slider-controls';
import type { slideshowSettings } from './slideshow.settings';

export interface SlideImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface SlideContent {
  /** Names the slide for the picker and the slide's label. */
  title: string;
  image: SlideImage;
  /** A video slide: an HTML5 video over the image; on mobile the mobile image replaces it. */
  video?: { src: string; type: string; mobileImage?: string };
}

export interface SlideshowContent {
  /** The carousel's accessible name. */
  label: string;
  slides: SlideContent[];
}

interface Props {
  actorRef: ActorRefFrom<typeof sliderMachine>;
  settings: SettingsOf<(typeof slideshowSettings)['shape']>;
  content: SlideshowContent;
  slots: Slots;
}

/** The slot that holds slide N's caption (0-based), for page authors. */
export const captionSlot = (index: number) => `caption-${index}`;

/**
 * §4 Slideshow widget as a WAI-ARIA carousel: rotation control first, previous/next, a picker,
 * slides as labelled groups, and a live region that is off while rotating.
 */
export function Slideshow({ actorRef, settings, content, slots }: Props) {
  const id = useId();
  const root = useRef<HTMLElement>(null);
  const { current, previous, direction, autoplay, moves } = useSelector(actorRef, (s) => s.context);
  const animating = useSelector(actorRef, (s) => s.matches({ running: { motion: 'animating' } }));
  const playing = useSelector(actorRef, (s) => s.matches({ running: { autoplay: 'playing' } }));
  const controls = useSliderControls(actorRef);
  const count = content.slides.length;
  const shown = current ?? 0;
  const timing = transitionTiming(settings.animation, settings.transitionSpeed, settings.fullfade);

  // §9 full-screen slider: the background moves at 0.3 of the scroll (not on mobile, not with reduced motion).
  useEffect(() => {
    const element = root.current;
    if (!settings.parallax || !element || prefersReducedMotion() || document.documentElement.classList.contains('sc-mobile')) return;
    // The page's one scroll source (runtime/page-scroll.ts) reads scrollY once per frame for every listener.
    const source = pageScroll(window);
    const draw = ({ y }: PageMetrics) => element.style.setProperty('--parallax-y', `${fullscreenParallaxOffset(y)}px`);
    draw(source.read());
    return source.subscribe(draw);
  }, [settings.parallax]);

  const style = {
    '--slide-out-ms': `${timing.outMs}ms`,
    '--slide-in-ms': `${timing.inMs}ms`,
    '--slide-in-delay': `${timing.inDelayMs}ms`,
    '--slide-easing': cssEasing(settings.easing),
    // enlarge: the shown picture grows over one autoplay interval, so it is at full size as it leaves.
    ...(settings.enlarge ? { '--enlarge-ms': `${settings.interval * 1000}ms` } : {}),
  } as CSSProperties;

  const classes = [
    'slideshow',
    `slideshow--${settings.animation}`,
    settings.enlarge ? 'slideshow--enlarge' : '',
    settings.fullscreen ? 'slideshow--fullscreen' : '',
    settings.parallax ? 'slideshow--parallax' : '',
  ];

  return (
    <section
      ref={root}
      className={classes.filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={content.label}
      style={style}
      {...controls}
    >
      <div className="slideshow__controls">
        {settings.autoplay ? (
          <button
            type="button"
            className="slideshow__rotation"
            aria-label={autoplay ? 'Stop automatic slide show' : 'Start automatic slide show'}
            onClick={() => actorRef.send({ type: autoplay ? 'autoplay.stop' : 'autoplay.start' })}
          >
            <span aria-hidden="true">{autoplay ? '❚❚' : '▶'}</span>
          </button>
        ) : null}
        <button type="button" className="slideshow__arrow slideshow__arrow--prev" aria-controls={`${id}-slides`} aria-label="Previous slide" onClick={() => actorRef.send({ type: 'nav.prev' })}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="slideshow__arrow slideshow__arrow--next" aria-controls={`${id}-slides`} aria-label="Next slide" onClick={() => actorRef.send({ type: 'nav.next' })}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="slideshow__slides" id={`${id}-slides`} aria-live={playing ? 'off' : 'polite'} aria-busy={animating}>
        {content.slides.map((slide, index) => {
          const isCurrent = index === shown;
          const isLeaving = animating && index === previous && !isCurrent;
          const state = isCurrent ? `is-current from-${direction}` : isLeaving ? `is-leaving to-${direction}` : '';
          return (
            <div
              key={index}
              className={`slideshow__slide ${state}`.trim()}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}: ${slide.title}`}
              aria-hidden={!isCurrent}
              inert={!isCurrent}
              data-moves={isCurrent ? moves : undefined}
            >
              <SlideMedia slide={slide} eager={index === shown} actorRef={actorRef} />
              <Slot name={captionSlot(index)} slots={slots} className="slideshow__caption" />
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="slideshow__picker" role="group" aria-label="Choose a slide">
          {content.slides.map((slide, index) => (
            <button
              key={index}
              type="button"
              className="slideshow__dot"
              aria-label={`Slide ${index + 1}: ${slide.title}`}
              aria-current={index === shown ? 'true' : undefined}
              onClick={() => actorRef.send({ type: 'nav.goto', position: index + 1 })}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function SlideMedia({ slide, eager, actorRef }: { slide: SlideContent; eager: boolean; actorRef: Props['actorRef'] }) {
  const image = (
    <img className="slideshow__image" src={slide.image.src} alt={slide.image.alt} width={slide.image.width} height={slide.image.height} loading={eager ? 'eager' : 'lazy'} decoding="async" />
  );
  if (!slide.video) return image;
  return (
    <div className="slideshow__media">
      <video
        className="slideshow__video"
        src={slide.video.src}
        poster={slide.image.src}
        controls
        muted
        playsInline
        preload="none"
        aria-label={slide.image.alt}
        onPlay={() => actorRef.send({ type: 'video.play' })}
        onEnded={() => actorRef.send({ type: 'video.ended' })}
      >
        <source src={slide.video.src} type={slide.video.type} />
      </video>
      {slide.video.mobileImage ? (
        <img className="slideshow__mobile-image" src={slide.video.mobileImage} alt={slide.image.alt} width={slide.image.width} height={slide.image.height} loading="lazy" />
      ) : (
        <p className="slideshow__notice">{MOBILE_FALLBACK_NOTICE}</p>
      )}
    </div>
  );
}
