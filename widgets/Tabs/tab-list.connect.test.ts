import { describe, expect, it, vi } from 'vitest';
import { connectTabList, tabId } from './tab-list.connect';

const tabs = [
  { id: 'play', title: 'Play' },
  { id: 'respite', title: 'Respite' },
  { id: 'family', title: 'Family' },
];

/** A key on a tab button; the document answers getElementById with a focusable stand-in per tab. */
function press(name: string) {
  const focused: string[] = [];
  const ownerDocument = { getElementById: (id: string) => ({ focus: () => focused.push(id) }) };
  const event = { key: name, currentTarget: { ownerDocument } as unknown as HTMLElement, preventDefault: vi.fn() };
  return { event, focused };
}

describe('the tab list connect layer (WAI-ARIA tabs)', () => {
  it('tabs and panels name each other; the active tab alone is selected and in the tab order', () => {
    const api = connectTabList({ tabs, active: 1, rtl: false }, () => undefined);
    expect(api.getListProps('Programmes')).toEqual({ role: 'tablist', 'aria-label': 'Programmes' });
    expect(api.getTabProps(1)).toMatchObject({ role: 'tab', id: tabId('respite'), 'aria-selected': true, 'aria-controls': 'respite', tabIndex: 0 });
    expect(api.getTabProps(0)).toMatchObject({ 'aria-selected': false, tabIndex: -1 });
    expect(api.getPanelProps(1)).toEqual({ role: 'tabpanel', id: 'respite', 'aria-labelledby': 'respite-tab' });
  });

  it('Right, Left, Home and End select and focus the tab they reach (wrapping); other keys are left alone', () => {
    const selected: number[] = [];
    const api = connectTabList({ tabs, active: 2, rtl: false }, (index) => selected.push(index));
    const right = press('ArrowRight');
    api.getTabProps(2).onKeyDown(right.event);
    expect(right.focused).toEqual(['play-tab']);
    expect(right.event.preventDefault).toHaveBeenCalledOnce();
    api.getTabProps(2).onKeyDown(press('ArrowLeft').event);
    api.getTabProps(2).onKeyDown(press('Home').event);
    api.getTabProps(0).onKeyDown(press('End').event);
    const letter = press('a');
    api.getTabProps(0).onKeyDown(letter.event);
    expect(letter.event.preventDefault).not.toHaveBeenCalled();
    expect(selected).toEqual([0, 1, 0, 2]);
  });

  it('on a right-to-left page the arrows swap: Left goes to the next tab', () => {
    const selected: number[] = [];
    const api = connectTabList({ tabs, active: 0, rtl: true }, (index) => selected.push(index));
    const left = press('ArrowLeft');
    api.getTabProps(0).onKeyDown(left.event);
    expect(selected).toEqual([1]);
    expect(left.focused).toEqual(['respite-tab']);
  });
});
