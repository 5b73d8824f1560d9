import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { sliderMachine, type SliderEvent } from '../../machines/slider/slider.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { defineBehaviour } from '../../runtime/widget';
import { sliderAdapters } from '../Slideshow/slider-adapters';
import { listenToSlider } from '../Slideshow/slider-listen';
import type { AccordionSliderContent } from './AccordionSlider';
import { connectAccordionSlider } from './accordion-slider.connect';
import { accordionSliderSettings } from './accordion-slider.settings';

const ROOT = ':scope > .accordion-slider';
const PANELS = ':scope > .accordion-slider__panel';
const BUTTON = ':scope > .accordion-slider__title > button';
const TEXT = ':scope > .accordion-slider__text';

type Snapshot = SnapshotFrom<typeof sliderMachine>;

const connect = (snapshot: Snapshot, send: (event: SliderEvent) => void, content: AccordionSliderContent) =>
  connectAccordionSlider(snapshot, send, content.label);

/**
 * Draws a state on the prerendered accordion slider as AccordionSlider.tsx renders it
 * (accordion-slider.connect.ts): the open panel's class, its header's aria-expanded, its text shown.
 */
export function drawAccordionSlider(element: HTMLElement, snapshot: Snapshot, content: AccordionSliderContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  root.querySelectorAll(PANELS).forEach((panel, index) => {
    drawProps(panel, api.getPanelProps(index));
    const button = panel.querySelector(BUTTON);
    const text = panel.querySelector(TEXT);
    if (button) drawProps(button, api.getButtonProps(index));
    if (text) drawProps(text, api.getTextProps(index));
  });
}

/**
 * What the view listens to, sent to the machine as its handlers send them: the pointer entering a
 * panel (on a desktop) and a click on a panel or its header (a tap, Enter or Space); hover and focus
 * holding autoplay, a touch swipe and the arrow keys (slider-input.ts, as every slider view).
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof sliderMachine>, content: AccordionSliderContent): () => void {
  const root = element.querySelector<HTMLElement>(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  const panels = [...root.querySelectorAll(PANELS)];
  const onClick = (event: MouseEvent) => {
    const panel = event.target instanceof Element ? event.target.closest('.accordion-slider__panel') : null;
    const index = panel ? panels.indexOf(panel) : -1;
    if (index >= 0) api().getPanelProps(index).onClick();
  };
  const stops = [
    listenToSlider(root, actor.send, onClick),
    ...panels.map((panel, index) => listenTo(panel, { pointerenter: () => api().getPanelProps(index).onPointerEnter({ currentTarget: panel }) })),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * The accordion slider without its view (issue 35, goal 2): every state is which panel is open, a
 * class and two attributes on the prerendered panels, so the behaviour answers the pointer, a tap,
 * the keys and runs the autoplay itself (`answersInput` in widgets/registry.ts); no React.
 */
export default defineBehaviour({
  name: 'accordion-slider',
  settings: accordionSliderSettings,
  machine: sliderMachine,
  input: (settings, content: AccordionSliderContent) => ({
    count: content.panels.length,
    initial: 0,
    autoplay: settings.autoplay,
    intervalMs: settings.interval * 1000,
    loopAutoplay: settings.loop_autoplay,
    loopManual: 'once' as const,
    // The panel follows the pointer at once; CSS animates the widths, so nothing blocks a sweep.
    transitionMs: 0,
    // Hovering is not a manual takeover: it holds autoplay while the pointer is there.
    manualStopsAutoplay: false,
  }),
  provide: ({ element }) => sliderAdapters(element),
  bind: drawAccordionSlider,
  connect: listen,
  hydrate: 'visible',
});
