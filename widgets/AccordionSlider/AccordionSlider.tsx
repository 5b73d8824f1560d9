import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sliderMachine } from '../../machines/slider/slider.machine';
import { FLAG } from '../../runtime/device';
import type { SlideImage } from '../Slideshow/Slideshow';
import { useSliderControls } from '../Slideshow/slider-controls';

export interface AccordionSliderContent {
  label: string;
  panels: Array<{ title: string; text: string; image: SlideImage }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof sliderMachine>;
  content: AccordionSliderContent;
}

const onMobile = () => document.documentElement.classList.contains(FLAG.mobile);

/**
 * §4 Accordion image slider: the open panel follows the pointer; on mobile (no hover) a tap anywhere
 * on a panel opens it. Each header is a button, so the keyboard works everywhere; its click (Enter and
 * Space included) bubbles to the panel's handler.
 */
export function AccordionSlider({ actorRef, content }: Props) {
  const current = useSelector(actorRef, (s) => s.context.current ?? 0);
  const controls = useSliderControls(actorRef);
  const open = (index: number) => actorRef.send({ type: 'nav.goto', position: index + 1 });
  return (
    <div className="accordion-slider" role="group" aria-label={content.label} {...controls}>
      {content.panels.map((panel, index) => (
        <section
          key={index}
          className={`accordion-slider__panel${index === current ? ' is-open' : ''}`}
          onMouseEnter={() => {
            if (!onMobile()) open(index);
          }}
          onClick={() => open(index)}
        >
          <h3 className="accordion-slider__title">
            <button type="button" aria-expanded={index === current} aria-controls={`${content.label}-${index}`.replace(/\W+/g, '-')}>
              {panel.title}
            </button>
          </h3>
          <img src={panel.image.src} alt={panel.image.alt} width={panel.image.width} height={panel.image.height} loading="lazy" />
          <p id={`${content.label}-${index}`.replace(/\W+/g, '-')} className="accordion-slider__text" hidden={index !== current}>
            {panel.text}
          </p>
        </section>
      ))}
    </div>
  );
}
