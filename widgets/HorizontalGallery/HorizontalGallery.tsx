import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sliderMachine } from '../../machines/slider/slider.machine';
import { translate } from '../../runtime/translations';
import type { SlideImage } from '../Slideshow/Slideshow';
import { useSliderControls } from '../Slideshow/slider-controls';
import { connectHorizontalGallery } from './horizontal-gallery.connect';
import { watchStrip } from './horizontal-gallery.dom';
import { horizontalGalleryTranslations, type HorizontalGalleryTranslations } from './horizontal-gallery.translations';

export interface HorizontalGalleryContent {
  label: string;
  items: Array<{ image: SlideImage; caption: string }>;
  /** Labels in the page's language over the English defaults (horizontal-gallery.translations.ts). */
  translations?: Partial<HorizontalGalleryTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof sliderMachine>;
  content: HorizontalGalleryContent;
}

/**
 * §4 Horizontal gallery: a strip that centres the active item (clamped to the strip's ends); the
 * arrows hide at the ends unless looping is endless. The strip's measures reach the machine as
 * events (horizontal-gallery.dom.ts), and its slide is drawn from them.
 */
export function HorizontalGallery({ actorRef, content }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const snapshot = useSelector(actorRef, (s) => s);
  const controls = useSliderControls(actorRef);
  const api = connectHorizontalGallery(snapshot, actorRef.send, translate(horizontalGalleryTranslations, content.translations));

  useLayoutEffect(() => {
    if (!viewport.current || !strip.current) return;
    return watchStrip(viewport.current, strip.current, actorRef);
  }, [actorRef]);

  return (
    <section className="horizontal-gallery" {...api.getRootProps(content.label)} {...controls}>
      <button {...api.getArrowProps('prev')}>
        <span aria-hidden="true">‹</span>
      </button>
      <div className="horizontal-gallery__viewport" ref={viewport}>
        <ul className="horizontal-gallery__strip" ref={strip} style={api.stripStyle}>
          {content.items.map((item, index) => (
            <li key={index} {...api.getItemProps(index)}>
              <figure>
                <img src={item.image.src} alt={item.image.alt} width={320} height={180} loading="lazy" />
                <figcaption>{item.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <button {...api.getArrowProps('next')}>
        <span aria-hidden="true">›</span>
      </button>
    </section>
  );
}
