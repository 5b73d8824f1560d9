import type { Clock } from './clock';

/**
 * A tween on the injected clock (issue 22): one eased number from 0 to 1 over `duration` ms, drawn at
 * the clock's animation frames. The test clock moves it frame by frame, so a replay lands exactly where
 * the browser would; the last frame always draws 1, so it ends exactly at its target.
 */
export interface Tween {
  /** Resolves after the frame that drew 1, or when cancelled. */
  done: Promise<void>;
  cancel(): void;
}

export function tween(clock: Clock, duration: number, ease: (t: number) => number, draw: (value: number) => void): Tween {
  const start = clock.now();
  let frame: number | undefined;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const step = (now: number) => {
    const t = duration > 0 ? Math.min(1, Math.max(0, (now - start) / duration)) : 1;
    draw(t === 1 ? 1 : ease(t));
    if (t < 1) frame = clock.requestFrame(step);
    else {
      frame = undefined;
      finish();
    }
  };
  frame = clock.requestFrame(step);
  return {
    done,
    cancel() {
      if (frame !== undefined) clock.cancelFrame(frame);
      frame = undefined;
      finish();
    },
  };
}
