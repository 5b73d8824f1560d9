import type { SnapshotFrom } from 'xstate';
import type { progressBarsMachine } from '../../machines/progress-bars/progress-bars.machine';
import type { StaggerRevealEvent } from '../../machines/stagger-reveal/stagger-reveal.machine';
import { domId } from '../../runtime/ids';

type Snapshot = SnapshotFrom<typeof progressBarsMachine>;

export interface ProgressBar {
  label: string;
  value: number;
  valueText: string;
}

/** A bar's value as a percentage the progressbar can state: 0 to 100. */
export const barValue = (bar: Pick<ProgressBar, 'value'>) => Math.min(100, Math.max(0, bar.value));

/**
 * §1, §9 Progress bars (WAI-ARIA progressbar): each track is a progressbar named by its label, from
 * 0 to 100, its value text (e.g. "£8,200 of £10,000") what a screen reader says; the printed value
 * is for the eye only. The bars are revealed one by one once the view's waypoint sends `onEnter`;
 * the values are there from the first render, so nothing is announced as it fills.
 */
export function connectProgressBars(snapshot: Snapshot, send: (event: StaggerRevealEvent) => void, bars: readonly ProgressBar[]) {
  const { revealed } = snapshot.context;
  const isRevealed = (index: number) => index < revealed;
  // Issue 31 item 23: each label's id comes from its own bar's label (the index keeps two bars with
  // the same label apart), not from the first bar's, so an id names what it labels.
  const labelId = (index: number) => domId('bars', bars[index]?.label ?? '', index);
  return {
    onEnter: (reducedMotion: boolean) => send({ type: 'view.enter', reducedMotion }),
    rootProps: { 'data-state': snapshot.value } as const,
    isRevealed,
    /** A bar, marked once revealed (its fill then grows to its value: progress-bars.css). */
    getBarProps: (index: number) => ({ className: isRevealed(index) ? 'progress-bars__bar is-revealed' : 'progress-bars__bar' }) as const,
    getLabelProps: (index: number) => ({ id: labelId(index) }) as const,
    valueTextProps: { 'aria-hidden': 'true' } as const,
    getTrackProps(index: number) {
      const bar = bars[index];
      return {
        role: 'progressbar',
        'aria-labelledby': labelId(index),
        'aria-valuemin': 0,
        'aria-valuemax': 100,
        'aria-valuenow': bar ? barValue(bar) : 0,
        'aria-valuetext': bar?.valueText,
      } as const;
    },
    /** How far the track's fill reaches once revealed: the bar's value, clamped (a CSS custom property). */
    getTrackStyle: (index: number) => ({ '--value': `${barValue(bars[index] ?? { value: 0 })}%` }) as const,
  };
}
