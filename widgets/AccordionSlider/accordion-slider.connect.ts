import type { SnapshotFrom } from 'xstate';
import type { sliderMachine, SliderEvent } from '../../machines/slider/slider.machine';
import { FLAG } from '../../runtime/device';

type Snapshot = SnapshotFrom<typeof sliderMachine>;

/** What a panel's pointer handler reads at event time: the page the panel is on. */
export interface PanelPointerInput {
  currentTarget: Element;
}

/** The id of panel `index`'s text, which its header button controls (derived from the widget's label). */
export const panelTextId = (label: string, index: number) => `${label}-${index}`.replace(/\W+/g, '-');

/**
 * §4 Accordion image slider as a labelled group of disclosures: each panel's header is a button
 * with aria-expanded over the panel's text. The open panel follows the pointer; on mobile (the
 * `sc-mobile` page flag: no hover) only a tap opens one. The header's click (Enter and Space
 * included) bubbles to the panel's handler. Keys, swipes and autoplay holds are slider-input.ts.
 * The view (AccordionSlider.tsx) spreads these props and the behaviour (behaviour.ts) draws them on
 * the prerendered panels, so both show the same state.
 */
export function connectAccordionSlider(snapshot: Snapshot, send: (event: SliderEvent) => void, label: string) {
  const current = snapshot.context.current ?? 0;
  const open = (index: number) => send({ type: 'nav.goto', position: index + 1 });
  const isOpen = (index: number) => index === current;
  return {
    isOpen,
    rootProps: { role: 'group', 'aria-label': label } as const,
    getPanelProps: (index: number) => ({
      // The open panel takes most of the width (accordion-slider.css animates it).
      className: `accordion-slider__panel${isOpen(index) ? ' is-open' : ''}`,
      // Pointer, not mouse, events: a phone's tap emulates mouseenter (slider-input.ts).
      onPointerEnter(event: PanelPointerInput) {
        // Read when the pointer enters, not when the props are built: the flag is the page's.
        if (!event.currentTarget.ownerDocument.documentElement.classList.contains(FLAG.mobile)) open(index);
      },
      onClick: () => open(index),
    }),
    getButtonProps: (index: number) => ({ type: 'button', 'aria-expanded': isOpen(index), 'aria-controls': panelTextId(label, index) }) as const,
    getTextProps: (index: number) => ({ id: panelTextId(label, index), className: 'accordion-slider__text', hidden: !isOpen(index) }) as const,
  };
}
