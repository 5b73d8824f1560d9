import { useSelector } from '@xstate/react';
import { useEffect, useId, type CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sliderMachine } from '../../machines/slider/slider.machine';
import type { SettingsOf } from '../../runtime/settings';
import { Slot, type Slots } from '../../runtime/slots';
import { translate } from '../../runtime/translations';
import { useSliderControls } from '../Slideshow/slider-controls';
import { followTimelineWidth } from './carousel-width';
import { connectCarousel } from './carousel.connect';
import type { carouselSettings } from './carousel.settings';
import { carouselTranslations, type CarouselTranslations } from './carousel.translations';

export interface CarouselContent {
  label: string;
  /** Each item's title; its body is the slot `item-N`. */
  items: Array<{ title: string }>;
  /** Labels in the page's language over the English defaults (carousel.translations.ts). */
  translations?: Partial<CarouselTranslations>;
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
  const snapshot = useSelector(actorRef, (s) => s);
  const controls = useSliderControls(actorRef);
  const api = connectCarousel(snapshot, actorRef.send, content.items, `${id}-items`, translate(carouselTranslations, content.translations));

  // Timelines follow the screen (carousel-width.ts, which the behaviour runs too).
  useEffect(() => (settings.timeline ? followTimelineWidth(window, actorRef.send) : undefined), [actorRef, settings.timeline]);

  return (
    <section
      className={`carousel${settings.timeline ? ' carousel--timeline' : ''}`}
      {...api.getRootProps(content.label)}
      style={api.rootStyle as CSSProperties}
      {...controls}
    >
      <div className="carousel__controls">
        <button {...api.getArrowProps('prev')}>
          <span aria-hidden="true">‹</span>
        </button>
        <button {...api.getArrowProps('next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="carousel__viewport">
        <div className="carousel__track" {...api.trackProps}>
          {content.items.map((item, index) => (
            <div key={index} className="carousel__item" {...api.getItemProps(index)}>
              <h3>{item.title}</h3>
              <Slot name={itemSlot(index)} slots={slots} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
