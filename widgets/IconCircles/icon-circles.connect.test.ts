import { describe, expect, it } from 'vitest';
import { iconCirclesMachine, type IconCirclesEvent } from '../../machines/icon-circles/icon-circles.machine';
import { connectIconCircles } from './icon-circles.connect';

function connected(value: 'waiting' | 'animating' | 'active', active: number | null) {
  const sent: IconCirclesEvent[] = [];
  const snapshot = iconCirclesMachine.resolveState({ value, context: { count: 3, active } });
  return { api: connectIconCircles(snapshot, (event) => sent.push(event), 'How we help'), sent };
}

describe('the icon circles connect layer (toggle buttons over the centre text)', () => {
  it('before the first is active: no button pressed, every text shown; the waypoint starts it', () => {
    const { api, sent } = connected('animating', null);
    expect(api.rootProps).toEqual({ 'data-state': 'animating' });
    expect(api.ringProps).toEqual({ 'aria-label': 'How we help' });
    expect([0, 1, 2].map((i) => api.getButtonProps(i)['aria-pressed'])).toEqual([false, false, false]);
    expect([0, 1, 2].map((i) => api.getDetailProps(i).hidden)).toEqual([false, false, false]);
    api.onEnter(true);
    expect(sent).toEqual([{ type: 'view.enter', reducedMotion: true }]);
  });

  it('active: the pressed button controls the one text shown; click, hover and focus each activate their icon', () => {
    const { api, sent } = connected('active', 1);
    expect(api.getButtonProps(1)).toMatchObject({ 'aria-pressed': true, 'aria-controls': 'circles-how-we-help-detail-1' });
    expect(api.getDetailProps(1)).toEqual({ id: 'circles-how-we-help-detail-1', className: 'icon-circles__detail', hidden: false });
    expect(api.getButtonProps(0)['aria-pressed']).toBe(false);
    expect([0, 2].map((i) => api.getDetailProps(i).hidden)).toEqual([true, true]);
    api.getButtonProps(0).onClick();
    api.getButtonProps(2).onMouseEnter();
    api.getButtonProps(1).onFocus();
    expect(sent.map((event) => (event.type === 'item.activate' ? event.index : event.type))).toEqual([0, 2, 1]);
  });
});
