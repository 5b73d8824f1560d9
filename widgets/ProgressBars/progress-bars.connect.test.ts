import { describe, expect, it } from 'vitest';
import { progressBarsMachine } from '../../machines/progress-bars/progress-bars.machine';
import type { StaggerRevealEvent } from '../../machines/stagger-reveal/stagger-reveal.machine';
import { connectProgressBars } from './progress-bars.connect';

const bars = [
  { label: 'Raised for the new van', value: 82, valueText: '£8,200 of £10,000' },
  { label: 'Volunteers trained', value: 130, valueText: 'All 40' },
  { label: 'Nights covered', value: -5, valueText: 'None yet' },
];

function connected(value: 'waiting' | 'revealing' | 'done', revealed: number) {
  const sent: StaggerRevealEvent[] = [];
  const snapshot = progressBarsMachine.resolveState({ value, context: { count: bars.length, revealed } });
  return { api: connectProgressBars(snapshot, (event) => sent.push(event), bars), sent };
}

describe('the progress bars connect layer (WAI-ARIA progressbar)', () => {
  it('each track is a progressbar named by its label, 0 to 100, saying its value text; the printed value is hidden', () => {
    const { api } = connected('waiting', 0);
    expect(api.getTrackProps(0)).toEqual({
      role: 'progressbar',
      'aria-labelledby': 'bars-raised-for-the-new-van-0',
      'aria-valuemin': 0,
      'aria-valuemax': 100,
      'aria-valuenow': 82,
      'aria-valuetext': '£8,200 of £10,000',
    });
    expect(api.getLabelProps(0).id).toBe(api.getTrackProps(0)['aria-labelledby']);
    expect(api.getLabelProps(1).id).toBe('bars-volunteers-trained-1');
    expect(api.getLabelProps(2).id).toBe('bars-nights-covered-2');
    expect(api.valueTextProps).toEqual({ 'aria-hidden': 'true' });
  });

  it('values outside 0-100 are clamped, before and after the bars fill', () => {
    expect([1, 2].map((i) => connected('waiting', 0).api.getTrackProps(i)['aria-valuenow'])).toEqual([100, 0]);
    expect([1, 2].map((i) => connected('done', 3).api.getTrackProps(i)['aria-valuenow'])).toEqual([100, 0]);
  });

  it('the bars are revealed in order; the waypoint starts them', () => {
    const waiting = connected('waiting', 0);
    expect(waiting.api.rootProps).toEqual({ 'data-state': 'waiting' });
    expect([0, 1, 2].map(waiting.api.isRevealed)).toEqual([false, false, false]);
    waiting.api.onEnter(false);
    expect(waiting.sent).toEqual([{ type: 'view.enter', reducedMotion: false }]);
    const revealing = connected('revealing', 2);
    expect(revealing.api.rootProps['data-state']).toBe('revealing');
    expect([0, 1, 2].map(revealing.api.isRevealed)).toEqual([true, true, false]);
    expect([0, 2].map((i) => revealing.api.getBarProps(i).className)).toEqual(['progress-bars__bar is-revealed', 'progress-bars__bar']);
  });

  it('each track’s fill reaches its clamped value (a CSS custom property the view and the behaviour write)', () => {
    expect([0, 1, 2].map((i) => connected('waiting', 0).api.getTrackStyle(i))).toEqual([{ '--value': '82%' }, { '--value': '100%' }, { '--value': '0%' }]);
  });
});
