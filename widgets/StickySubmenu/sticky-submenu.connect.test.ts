import { describe, expect, it, vi } from 'vitest';
import { stickySubmenuMachine, type StickySubmenuEvent } from '../../machines/sticky-submenu/sticky-submenu.machine';
import { connectStickySubmenu } from './sticky-submenu.connect';

const parts = { listId: 'about-menu', label: 'About us' };

function connected(value: Parameters<typeof stickySubmenuMachine.resolveState>[0]['value']) {
  const sent: StickySubmenuEvent[] = [];
  const snapshot = stickySubmenuMachine.resolveState({ value, context: {} as never });
  return { api: connectStickySubmenu(snapshot, (event) => sent.push(event), parts), sent };
}
const key = (name: string) => ({ key: name, currentTarget: {} as Element, preventDefault: vi.fn() });

describe('the sticky sub-menu connect layer (disclosure navigation)', () => {
  it('inline and folded: a labelled navigation whose collapsed button controls the list; the button opens it', () => {
    const { api, sent } = connected({ placement: 'inline', menu: 'closed' });
    expect(api.rootProps).toMatchObject({ 'aria-label': 'About us', 'data-stuck': undefined });
    expect(api.toggleProps).toMatchObject({ 'aria-expanded': false, 'aria-controls': 'about-menu' });
    expect(api.listProps).toEqual({ id: 'about-menu', className: 'sc-submenu__list', 'data-open': undefined });
    api.rootProps.onKeyDown(key('Escape'));
    api.toggleProps.onClick();
    expect(sent).toEqual([{ type: 'menu.toggle' }]);
  });

  it('stuck and open: flagged, expanded; Escape closes it, a followed link closes it, the button closes it', () => {
    const { api, sent } = connected({ placement: 'stuck', menu: 'open' });
    expect(api.rootProps['data-stuck']).toBe('true');
    expect(api.toggleProps['aria-expanded']).toBe(true);
    expect(api.listProps['data-open']).toBe('true');
    api.rootProps.onKeyDown(key('Enter'));
    api.rootProps.onKeyDown(key('Escape'));
    api.linkProps.onClick();
    api.toggleProps.onClick();
    expect(sent.map((event) => event.type)).toEqual(['menu.close', 'menu.follow', 'menu.toggle']);
  });
});
