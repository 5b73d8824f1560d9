import { useSelector } from '@xstate/react';
import { useEffect, useId, type CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sliderMachine } from '../../machines/slider/slider.machine';
import { MEDIUM_MAX_WIDTH, SMALL_MAX_WIDTH, canWrap, lastIndex, timelinePerView } from '../../machines/slider/slider.rules';
import type { SettingsOf } from '../../runtime/settings';
import { Slot, type Slots } from '../../runtime/slots';
import { useSliderControls } from '../Slideshow/slider-controls';
import type { carouselSettings } from './carousel.settings';

export interface CarouselContent {
  label: string;
  /** Each item's title; its body is the slot `item-N`. */
  items: Array<{ title: string }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof sliderMachine>;
  settings: SettingsOf<(typeof carouselSettings)['shape']>;
  content: CarouselContent;
  slots: Slots;
}

export const itemSlot = (index: number) => `item-${index}`;

/** §3 carousel (3 visible, scrolls 1) and §9 timelines carousel (3, 2 on medium, 1 on small screens). */
export function Carousel({ actorRef, settings, content, slots }: Props) {
  const id = useId();
  const { current, perView, count, loopAutoplay, loopManual } = useSelector(actorRef, (s) => s.context);
  const controls = useSliderControls(actorRef);
  const first = current ?? 0;
  const wraps = canWrap(loopAutoplay, loopManual);
  const last = lastIndex(count, perView);

  // Timelines follow the screen: a media query change sends the new number of visible slides.
  useEffect(() => {
    if (!settings.timeline) return;
    const queries = [`(max-width: ${SMALL_MAX_WIDTH}px)`, `(max-width: ${MEDIUM_MAX_WIDTH}px)`].map((q) => window.matchMedia(q));
    const update = () => actorRef.send({ type: 'view.resize', perView: timelinePerView(window.innerWidth) });
    update();
    for (const query of queries) query.addEventListener('change', update);
    return () => {
      for (const query of queries) query.removeEventListener('change', update);
    };
  }, [actorRef, settings.timeline]);

  return (
    <section
      className={`carousel${settings.timeline ? ' carousel--timeline' : ''}`}
      aria-roledescription="carousel"
      aria-label={content.label}
      style={{ '--per-view': perView, '--first': first, '--speed': `${settings.transitionSpeed}ms` } as CSSProperties}
      {...controls}
    >
      <div className="carousel__controls">
        <button type="button" aria-controls={`${id}-items`} aria-label="Previous" disabled={!wraps && first <= 0} onClick={() => actorRef.send({ type: 'nav.prev' })}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" aria-controls={`${id}-items`} aria-label="Next" disabled={!wraps && first >= last} onClick={() => actorRef.send({ type: 'nav.next' })}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="carousel__viewport">
        <div className="carousel__track" id={`${id}-items`} aria-live="polite">
          {content.items.map((item, index) => {
            const visible = index >= first && index < first + perView;
            return (
              <div key={index} className="carousel__item" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${content.items.length}: ${item.title}`} aria-hidden={!visible} inert={!visible}>
                <h3>{item.title}</h3>
                <Slot name={itemSlot(index)} slots={slots} />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
