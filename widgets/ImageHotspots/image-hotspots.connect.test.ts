import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { HOTSPOT_FIRST_MS, imageHotspotsMachine, type ImageHotspotsEvent } from '../../machines/image-hotspots/image-hotspots.machine';
import { connectImageHotspots, tooltipId } from './image-hotspots.connect';

function connected(open: number | null, revealed = 3) {
  const sent: ImageHotspotsEvent[] = [];
  const snapshot = imageHotspotsMachine.resolveState({ value: { reveal: 'done', tooltip: {} }, context: { count: 3, revealed, open, pinned: false } });
  return { api: connectImageHotspots(snapshot, (event) => sent.push(event), 'hotspots-x'), sent };
}
const key = (name: string) => ({ key: name, currentTarget: {} as Element, preventDefault: vi.fn() });

describe('the image hotspots connect layer (WAI-ARIA tooltip, §4 Tooltips)', () => {
  it('closed: every tooltip hidden, no button described', () => {
    const { api } = connected(null, 2);
    expect([0, 1, 2].map((index) => api.getTooltipProps(index).hidden)).toEqual([true, true, true]);
    expect([0, 1, 2].map((index) => api.getButtonProps(index)['aria-describedby'])).toEqual([undefined, undefined, undefined]);
    expect([0, 1, 2].map((index) => api.isRevealed(index))).toEqual([true, true, false]);
    expect(api.getTooltipProps(1)).toMatchObject({ role: 'tooltip', id: 'hotspots-x-tip-1' });
  });

  it('one open: its tooltip shown and its button described by it, the others not', () => {
    const { api } = connected(1);
    expect([0, 1, 2].map((index) => api.getTooltipProps(index).hidden)).toEqual([true, false, true]);
    expect([0, 1, 2].map((index) => api.getButtonProps(index)['aria-describedby'])).toEqual([undefined, tooltipId('hotspots-x', 1), undefined]);
  });

  it('hover, focus, click, leave, blur and Escape send what the tooltip pattern asks; other keys nothing', () => {
    const { api, sent } = connected(null);
    api.getSpotProps(0).onMouseEnter();
    api.getSpotProps(0).onMouseLeave();
    api.getButtonProps(2).onFocus();
    api.getButtonProps(2).onClick();
    api.getButtonProps(2).onBlur();
    api.rootProps.onKeyDown(key('Enter'));
    api.rootProps.onKeyDown(key('Escape'));
    api.onViewEnter(false);
    expect(sent).toEqual([
      { type: 'tooltip.open', index: 0 },
      { type: 'tooltip.close' },
      { type: 'tooltip.open', index: 2 },
      { type: 'tooltip.toggle', index: 2 },
      { type: 'tooltip.close' },
      { type: 'tooltip.close' },
      { type: 'view.enter', reducedMotion: false },
    ]);
  });

  it('on a live actor: the spots appear after the waypoint; a click opens a tooltip, a second closes it, Escape closes another', () => {
    const clock = createTestClock();
    const actor = createActor(imageHotspotsMachine, { input: { count: 2 }, clock }).start();
    const view = () => connectImageHotspots(actor.getSnapshot(), actor.send, 'h');
    view().onViewEnter(false);
    expect(view().isRevealed(0)).toBe(false);
    clock.advanceBy(HOTSPOT_FIRST_MS);
    expect(view().isRevealed(0)).toBe(true);
    view().getButtonProps(1).onClick();
    expect([view().getTooltipProps(1).hidden, view().getButtonProps(1)['aria-describedby']]).toEqual([false, 'h-tip-1']);
    view().getButtonProps(1).onClick();
    expect(view().getTooltipProps(1).hidden).toBe(true);
    view().getSpotProps(0).onMouseEnter();
    expect(view().getTooltipProps(0).hidden).toBe(false);
    view().rootProps.onKeyDown(key('Escape'));
    expect(view().getTooltipProps(0).hidden).toBe(true);
  });
});
