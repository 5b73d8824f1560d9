import type { SliderEvent } from '../../machines/slider/slider.machine';
import { swipeDirection } from '../../machines/slider/slider.rules';

/** What a handler reads from a pointer event (a React one or the DOM's). */
export interface PointerInput {
  pointerType: string;
  clientX: number;
  clientY: number;
}

/** What the blur handler reads: focus leaving the slider, or moving inside it. */
export interface BlurInput {
  currentTarget: Node;
  relatedTarget: EventTarget | null;
}

/** What the key handler reads. */
export interface SliderKeyInput {
  key: string;
  target: EventTarget | null;
  preventDefault(): void;
}

/**
 * What every slider (slideshow, carousel, horizontal gallery, accordion slider) does with the
 * visitor's hover, focus, swipes and arrow keys, with no React: hover and focus hold autoplay (ARIA
 * carousel), a 50 px horizontal touch swipe moves (§9), and the arrow keys move while focus is
 * inside. The views spread these handlers through `useSliderControls` (slider-controls.ts); the
 * slideshow's behaviour calls them from its DOM listeners. Handlers only send events.
 */
export function sliderControls(send: (event: SliderEvent) => void, rtl = false) {
  let start: { x: number; y: number } | null = null;
  return {
    // Pointer, not mouse, events: a tap's emulated mouseenter has no mouseleave, so on a phone a tap
    // held autoplay for good; a touch pointer leaves as the finger lifts.
    onPointerEnter: () => send({ type: 'autoplay.hold', reason: 'hover' }),
    onPointerLeave: () => send({ type: 'autoplay.release', reason: 'hover' }),
    onFocus: () => send({ type: 'autoplay.hold', reason: 'focus' }),
    onBlur: (event: BlurInput) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) send({ type: 'autoplay.release', reason: 'focus' });
    },
    onPointerDown: (event: PointerInput) => {
      start = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerInput) => {
      const from = start;
      start = null;
      if (!from) return;
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y, rtl);
      if (direction) send({ type: direction === 'next' ? 'nav.next' : 'nav.prev' });
    },
    onPointerCancel: () => {
      start = null;
    },
    onKeyDown: (event: SliderKeyInput) => {
      if (event.target instanceof Element && event.target.closest('input, textarea, select, video')) return;
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const back = rtl ? 'ArrowRight' : 'ArrowLeft';
      if (event.key === forward) send({ type: 'nav.next' });
      else if (event.key === back) send({ type: 'nav.prev' });
      else return;
      event.preventDefault();
    },
  };
}

export type SliderControls = ReturnType<typeof sliderControls>;
