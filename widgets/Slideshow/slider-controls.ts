import { useRef, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import type { AnyActorRef } from 'xstate';
import { swipeDirection } from '../../machines/slider/slider.rules';

/**
 * What every slider view (slideshow, carousel, horizontal gallery, accordion) wires the same way:
 * hover and focus hold autoplay (ARIA carousel), a 50 px horizontal touch swipe moves (§9), and
 * the arrow keys move while focus is inside. Handlers only send events.
 */
export function useSliderControls(actorRef: AnyActorRef, rtl = false) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onMouseEnter: () => actorRef.send({ type: 'autoplay.hold', reason: 'hover' }),
    onMouseLeave: () => actorRef.send({ type: 'autoplay.release', reason: 'hover' }),
    onFocus: () => actorRef.send({ type: 'autoplay.hold', reason: 'focus' }),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
        actorRef.send({ type: 'autoplay.release', reason: 'focus' });
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      start.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y, rtl);
      if (direction) actorRef.send({ type: direction === 'next' ? 'nav.next' : 'nav.prev' });
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, video')) return;
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const back = rtl ? 'ArrowRight' : 'ArrowLeft';
      if (event.key === forward) actorRef.send({ type: 'nav.next' });
      else if (event.key === back) actorRef.send({ type: 'nav.prev' });
      else return;
      event.preventDefault();
    },
  };
}

// Kept in a React-free module so the slideshow's behaviour chunk can run before React loads.
export { imagesLoaded, prefersReducedMotion } from './slide-media';
