import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sliderMachine } from '../../machines/slider/slider.machine';
import { canWrap, lastIndex } from '../../machines/slider/slider.rules';
import type { SlideImage } from '../Slideshow/Slideshow';
import { useSliderControls } from '../Slideshow/slider-controls';

export interface HorizontalGalleryContent {
  label: string;
  items: Array<{ image: SlideImage; caption: string }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof sliderMachine>;
  content: HorizontalGalleryContent;
}

/**
 * §4 Horizontal gallery: a strip that centres the active item (clamped to the strip's ends); the
 * arrows hide at the ends unless looping is endless.
 */
export function HorizontalGallery({ actorRef, content }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const { current, count, loopAutoplay, loopManual } = useSelector(actorRef, (s) => s.context);
  const controls = useSliderControls(actorRef);
  const wraps = canWrap(loopAutoplay, loopManual);
  const last = lastIndex(count);

  useLayoutEffect(() => {
    const box = viewport.current;
    const list = strip.current;
    const item = current === null ? null : list?.children[current];
    if (!box || !list) return;
    let offset = 0;
    if (item instanceof HTMLElement) {
      const centred = item.offsetLeft + item.offsetWidth / 2 - box.clientWidth / 2;
      offset = Math.min(Math.max(0, centred), Math.max(0, list.scrollWidth - box.clientWidth));
    }
    list.style.transform = `translateX(${-offset}px)`;
  }, [current]);

  return (
    <section className="horizontal-gallery" aria-roledescription="carousel" aria-label={content.label} {...controls}>
      <button type="button" className="horizontal-gallery__arrow horizontal-gallery__arrow--prev" aria-label="Previous" hidden={!wraps && current !== null && current <= 0} onClick={() => actorRef.send({ type: 'nav.prev' })}>
        <span aria-hidden="true">‹</span>
      </button>
      <div className="horizontal-gallery__viewport" ref={viewport}>
        <ul className="horizontal-gallery__strip" ref={strip}>
          {content.items.map((item, index) => (
            <li key={index} className={`horizontal-gallery__item${index === current ? ' is-active' : ''}`} aria-current={index === current ? 'true' : undefined}>
              <figure>
                <img src={item.image.src} alt={item.image.alt} width={320} height={180} loading="lazy" />
                <figcaption>{item.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="horizontal-gallery__arrow horizontal-gallery__arrow--next" aria-label="Next" hidden={!wraps && current !== null && current >= last} onClick={() => actorRef.send({ type: 'nav.next' })}>
        <span aria-hidden="true">›</span>
      </button>
    </section>
  );
}
