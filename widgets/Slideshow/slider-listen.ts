import type { SliderEvent } from '../../machines/slider/slider.machine';
import { listenTo } from '../../runtime/connect';
import { sliderControls } from './slider-input';

/**
 * A slider's section listened to as its view listens, for a behaviour without the view (the
 * slideshow, carousel, horizontal gallery and accordion slider): the widget's own clicks, and what
 * every slider does with hover, focus, a touch swipe and the arrow keys (slider-input.ts). React's
 * onPointerEnter and onPointerLeave are the DOM's own (they do not bubble); its onFocus and onBlur
 * are focusin and focusout. Returns the function that stops listening.
 */
export function listenToSlider(root: HTMLElement, send: (event: SliderEvent) => void, onClick: (event: MouseEvent) => void): () => void {
  const controls = sliderControls(send);
  return listenTo(root, {
    click: onClick,
    pointerenter: controls.onPointerEnter,
    pointerleave: controls.onPointerLeave,
    focusin: controls.onFocus,
    focusout: (event) => controls.onBlur({ currentTarget: root, relatedTarget: event.relatedTarget }),
    pointerdown: controls.onPointerDown,
    pointerup: controls.onPointerUp,
    pointercancel: controls.onPointerCancel,
    keydown: controls.onKeyDown,
  });
}
