import { describe, expect, it } from 'vitest';
import { iconListMachine } from '../../machines/icon-list/icon-list.machine';
import type { StaggerRevealEvent } from '../../machines/stagger-reveal/stagger-reveal.machine';
import { connectIconList } from './icon-list.connect';

function connected(value: 'waiting' | 'revealing' | 'done', revealed: number) {
  const sent: StaggerRevealEvent[] = [];
  const snapshot = iconListMachine.resolveState({ value, context: { count: 3, revealed } });
  return { api: connectIconList(snapshot, (event) => sent.push(event), 'What volunteers do'), sent };
}

describe('the icon list connect layer (labelled list, decorative icons)', () => {
  it('a labelled list with its state; the icons are hidden from assistive technology', () => {
    const { api } = connected('waiting', 0);
    expect(api.rootProps).toEqual({ 'aria-label': 'What volunteers do', 'data-state': 'waiting' });
    expect(api.iconProps).toEqual({ 'aria-hidden': 'true' });
  });

  it('the waypoint starts the reveal; items show in order until all are', () => {
    const { api, sent } = connected('waiting', 0);
    expect([0, 1, 2].map(api.isRevealed)).toEqual([false, false, false]);
    api.onEnter(true);
    expect(sent).toEqual([{ type: 'view.enter', reducedMotion: true }]);
    expect([0, 1, 2].map(connected('revealing', 1).api.isRevealed)).toEqual([true, false, false]);
    expect([0, 1].map((i) => connected('revealing', 1).api.getItemProps(i).className)).toEqual(['icon-list__item is-revealed', 'icon-list__item']);
    const done = connected('done', 3).api;
    expect([0, 1, 2].map(done.isRevealed)).toEqual([true, true, true]);
    expect(done.rootProps['data-state']).toBe('done');
  });
});
