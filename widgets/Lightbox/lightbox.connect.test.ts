import { describe, expect, it, vi } from 'vitest';
import { lightboxMachine, type LightboxEvent } from '../../machines/lightbox/lightbox.machine';
import { lightboxItem } from '../../machines/lightbox/lightbox.rules';
import { connectLightbox } from './lightbox.connect';
import { lightboxTranslations } from './lightbox.translations';

const items = [
  { url: '/images/a.svg', title: 'Boats', alt: 'Boats on the bay' },
  { url: '/images/b.svg', title: 'Kites', alt: 'Kites on the hill' },
].map(lightboxItem);

function connected(value: Parameters<typeof lightboxMachine.resolveState>[0]['value'], list = items) {
  const sent: LightboxEvent[] = [];
  const snapshot = lightboxMachine.resolveState({ value, context: { items: list, index: list.length - 1, html: '', error: '', opens: 1 } });
  return { api: connectLightbox(snapshot, (event) => sent.push(event), lightboxTranslations, 'title-1'), sent };
}
const key = (name: string) => ({ key: name, currentTarget: {} as Element, preventDefault: vi.fn() });

describe('the lightbox connect layer (WAI-ARIA modal dialog)', () => {
  it('closed: nothing to render', () => {
    expect(connected('closed').api.item).toBeUndefined();
  });

  it('loading: busy, labelled by its title with the count, the loading text shown', () => {
    const { api } = connected({ open: 'loadingImage' });
    expect(api.dialogProps).toMatchObject({ className: 'lightbox lightbox--loading', 'aria-labelledby': 'title-1', 'aria-busy': true });
    expect(api.titleProps.id).toBe('title-1');
    expect(api.count).toBe(' (2 of 2)');
    expect(api.loadingText).toBe('Loading…');
  });

  it('shown in a gallery: the arrow keys and buttons move, Escape and the backdrop close', () => {
    const { api, sent } = connected({ open: 'shown' });
    expect(api.dialogProps['aria-busy']).toBe(false);
    expect(api.loadingText).toBeNull();
    const right = key('ArrowRight');
    api.dialogProps.onKeyDown(right);
    api.dialogProps.onKeyDown(key('ArrowLeft'));
    const tab = key('Tab');
    api.dialogProps.onKeyDown(tab);
    expect(right.preventDefault).toHaveBeenCalledOnce();
    expect(tab.preventDefault).not.toHaveBeenCalled();
    api.getArrowProps('next').onClick();
    api.dialogProps.onDismiss();
    api.dialogProps.onBackdropClick();
    api.closeProps.onClick();
    expect(sent.map((event) => event.type)).toEqual(['nav.next', 'nav.prev', 'nav.next', 'lightbox.close', 'lightbox.close', 'lightbox.close']);
    expect([api.getArrowProps('prev')['aria-label'], api.getArrowProps('next')['aria-label'], api.closeProps['aria-label']]).toEqual(['Previous', 'Next', 'Close']);
  });

  it('one item: no count, and the arrow keys do nothing', () => {
    const { api, sent } = connected({ open: 'shown' }, items.slice(0, 1));
    expect(api.item).toBeDefined();
    expect(api.count).toBeNull();
    api.dialogProps.onKeyDown(key('ArrowRight'));
    expect(sent).toEqual([]);
  });

  it('its labels come from the translations', () => {
    const snapshot = lightboxMachine.resolveState({ value: { open: 'loadingImage' }, context: { items, index: 0, html: '', error: '', opens: 1 } });
    const t = { previous: 'السابق', next: 'التالي', close: 'إغلاق', loading: 'جارٍ التحميل…', count: '({index} من {count})' };
    const api = connectLightbox(snapshot, () => undefined, t, 'x');
    expect([api.getArrowProps('prev')['aria-label'], api.getArrowProps('next')['aria-label'], api.closeProps['aria-label'], api.loadingText, api.count]).toEqual([
      'السابق',
      'التالي',
      'إغلاق',
      'جارٍ التحميل…',
      ' (1 من 2)',
    ]);
  });
});
