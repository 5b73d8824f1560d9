import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import { sliderControls } from './slider-input';

/**
 * What every slider view (slideshow, carousel, horizontal gallery, accordion) wires the same way:
 * the handlers of slider-input.ts (hover and focus hold autoplay, a swipe or an arrow key moves),
 * made once per actor so a swipe's start survives a render.
 */
export function useSliderControls(actorRef: AnyActorRef, rtl = false) {
  return useMemo(() => sliderControls((event) => actorRef.send(event), rtl), [actorRef, rtl]);
}

// Kept in a React-free module so the slideshow's behaviour chunk can run before React loads.
export { imagesLoaded, prefersReducedMotion } from './slide-media';
