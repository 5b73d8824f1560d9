import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sliderMachine } from '../../machines/slider/slider.machine';
import type { SlideImage } from '../Slideshow/Slideshow';
import { useSliderControls } from '../Slideshow/slider-controls';
import { connectAccordionSlider } from './accordion-slider.connect';

export interface AccordionSliderContent {
  label: string;
  panels: Array<{ title: string; text: string; image: SlideImage }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof sliderMachine>;
  content: AccordionSliderContent;
}

/**
 * §4 Accordion image slider: the open panel follows the pointer; on mobile (no hover) a tap anywhere
 * on a panel opens it. Each header is a button, so the keyboard works everywhere; its click (Enter and
 * Space included) bubbles to the panel's handler.
 */
export function AccordionSlider({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const controls = useSliderControls(actorRef);
  const api = connectAccordionSlider(snapshot, actorRef.send, content.label);
  return (
    <div className="accordion-slider" {...api.rootProps} {...controls}>
      {content.panels.map((panel, index) => (
        <section key={index} {...api.getPanelProps(index)}>
          <h3 className="accordion-slider__title">
            <button {...api.getButtonProps(index)}>{panel.title}</button>
          </h3>
          <img src={panel.image.src} alt={panel.image.alt} width={panel.image.width} height={panel.image.height} loading="lazy" />
          <p {...api.getTextProps(index)}>{panel.text}</p>
        </section>
      ))}
    </div>
  );
}
