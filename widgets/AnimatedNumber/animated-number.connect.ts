import type { SnapshotFrom } from 'xstate';
import type { animatedNumberMachine, AnimatedNumberEvent } from '../../machines/animated-number/animated-number.machine';
import { formatNumber } from '../../machines/animated-number/animated-number.rules';

type Snapshot = SnapshotFrom<typeof animatedNumberMachine>;

/**
 * §3 Animated number: the counting digits are for the eye (hidden from assistive technology, which
 * would otherwise hear every frame); a visually hidden copy of the final number is what a screen
 * reader reads, once. The view's waypoint starts the count (`onEnter`).
 */
export function connectAnimatedNumber(snapshot: Snapshot, send: (event: AnimatedNumberEvent) => void, numberFormat: string) {
  return {
    onEnter: (reducedMotion: boolean) => send({ type: 'view.enter', reducedMotion }),
    rootProps: { 'data-state': snapshot.value } as const,
    countingProps: { 'aria-hidden': 'true' } as const,
    /** The frame's number as it shows. */
    shown: formatNumber(snapshot.context.value, numberFormat),
    /** The number the count ends on, as a screen reader reads it. */
    spoken: formatNumber(snapshot.context.to, numberFormat),
  };
}
