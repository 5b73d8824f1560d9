import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sliderMachine } from '../../machines/slider/slider.machine';
import { MOBILE_FALLBACK_NOTICE, cssEasing, transitionTiming } from '../../machines/slider/slider.rules';
import { Slot, type Slots } from '../../runtime/slots';
import type { SettingsOf } from '../../runtime/settings';
import { translate } from '../../runtime/translations';
import { useSliderControls } from './slider-controls';
import { connectSlideshow } from './slideshow.connect';
import { followParallax } from './slideshow-parallax';
import type { slideshowSettings } from './slideshow.settings';
import { slideshowTranslations, type SlideshowTranslations } from './slideshow.translations';

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
  /** Labels in the page's language over the English defaults (slideshow.translations.ts). */
  translations?: Partial<SlideshowTranslations>;
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
  const snapshot = useSelector(actorRef, (s) => s);
  const controls = useSliderControls(actorRef);
  const t = translate(slideshowTranslations, content.translations);
  const api = connectSlideshow(snapshot, actorRef.send, { slidesId: `${id}-slides`, slides: content.slides, rotation: settings.autoplay }, t);
  const timing = transitionTiming(settings.animation, settings.transitionSpeed, settings.fullfade);

  // §9 full-screen slider: the background moves at 0.3 of the scroll (slideshow-parallax.ts).
  useEffect(() => {
    const element = root.current;
    if (!settings.parallax || !element) return;
    return followParallax(element);
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
    <section ref={root} className={classes.filter(Boolean).join(' ')} {...api.getRootProps(content.label)} style={style} {...controls}>
      <div className="slideshow__controls">
        {api.rotationProps ? (
          <button className="slideshow__rotation" {...api.rotationProps}>
            <span aria-hidden="true">{api.rotationGlyph}</span>
          </button>
        ) : null}
        <button className="slideshow__arrow slideshow__arrow--prev" {...api.getArrowProps('prev')}>
          <span aria-hidden="true">‹</span>
        </button>
        <button className="slideshow__arrow slideshow__arrow--next" {...api.getArrowProps('next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="slideshow__slides" {...api.slidesProps}>
        {content.slides.map((slide, index) => (
          <div key={index} {...api.getSlideProps(index)}>
            <SlideMedia slide={slide} imageProps={api.getImageProps(index)} videoProps={api.videoProps} />
            <Slot name={captionSlot(index)} slots={slots} className="slideshow__caption" />
          </div>
        ))}
      </div>
      {api.pickerProps ? (
        <div className="slideshow__picker" {...api.pickerProps}>
          {content.slides.map((_slide, index) => (
            <button key={index} className="slideshow__dot" {...api.getDotProps(index)} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

type SlideshowApi = ReturnType<typeof connectSlideshow>;

function SlideMedia({ slide, imageProps, videoProps }: { slide: SlideContent; imageProps: ReturnType<SlideshowApi['getImageProps']>; videoProps: SlideshowApi['videoProps'] }) {
  const image = (
    <img className="slideshow__image" src={slide.image.src} alt={slide.image.alt} width={slide.image.width} height={slide.image.height} {...imageProps} decoding="async" />
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
        {...videoProps}
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
