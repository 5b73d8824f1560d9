import { setImmediate } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { PREVIEW_ANIMATION_MS, portfolioMachine, type PortfolioContext, type PortfolioEvent } from '../../machines/portfolio/portfolio.machine';
import { connectPortfolio, previewId } from './portfolio.connect';
import { portfolioTranslations } from './portfolio.translations';

const entries = [
  { id: 'ana', categories: ['nurses'] },
  { id: 'ben', categories: ['therapists'] },
  { id: 'cleo', categories: ['nurses'] },
];
const labels = {
  label: 'Team',
  filters: [
    { slug: 'nurses', label: 'Nurses' },
    { slug: 'therapists', label: 'Therapists' },
  ],
  entries: [
    { id: 'ana', title: 'Ana Ruiz' },
    { id: 'ben', title: 'Ben Okafor' },
    { id: 'cleo', title: 'Cleo Marsh' },
  ],
};

function connected(value: Parameters<typeof portfolioMachine.resolveState>[0]['value'], over: Partial<PortfolioContext> = {}) {
  const sent: PortfolioEvent[] = [];
  const context: PortfolioContext = { entries, filter: 'all', current: null, requested: null, content: '', transition: 'fade', ...over };
  const snapshot = portfolioMachine.resolveState({ value, context });
  return { api: connectPortfolio(snapshot, (event) => sent.push(event), portfolioTranslations, labels, 'team'), sent };
}
const press = () => ({ preventDefault: vi.fn() });

describe('the portfolio connect layer (§2, §4 disclosure buttons over one preview)', () => {
  it('closed: "All" pressed, every entry shown and collapsed, the preview hidden and named "Preview"', () => {
    const { api } = connected('closed');
    expect(api.rootProps).toEqual({ 'data-state': 'closed' });
    expect(api.filterGroupProps).toEqual({ role: 'group', 'aria-label': 'Show team' });
    expect(api.filters.map((f) => [f.label, api.getFilterProps(f.slug)['aria-pressed']])).toEqual([
      ['All', true],
      ['Nurses', false],
      ['Therapists', false],
    ]);
    expect(api.gridProps).toEqual({ 'aria-label': 'Team' });
    expect(entries.map((e) => api.getEntryProps(e.id).hidden)).toEqual([false, false, false]);
    expect(api.getOpenProps('ben')).toMatchObject({ 'data-ajax-id': 'ben', 'aria-expanded': false, 'aria-controls': 'team-preview' });
    expect(api.previewId).toBe(previewId('team'));
    expect(api.previewProps).toEqual({ 'data-transition': 'fade', hidden: true, tabIndex: -1, 'aria-label': 'Preview' });
    expect(api.navProps).toEqual({ 'aria-label': 'Preview' });
  });

  it('open on an entry under a filter: that entry expanded, the others filtered out, the preview named after it with its content', () => {
    const { api } = connected('open', { filter: 'nurses', current: 'cleo', content: '<h3>Cleo</h3>', transition: 'slide-next' });
    expect(api.rootProps['data-state']).toBe('open');
    expect(api.isActiveFilter('nurses')).toBe(true);
    expect(api.getFilterProps('nurses')['aria-pressed']).toBe(true);
    expect(entries.map((e) => api.getEntryProps(e.id).hidden)).toEqual([false, true, false]);
    expect(entries.map((e) => api.getOpenProps(e.id)['aria-expanded'])).toEqual([false, false, true]);
    expect(api.previewProps).toMatchObject({ 'data-transition': 'slide-next', hidden: false, 'aria-label': 'About Cleo Marsh' });
    expect([api.current, api.html]).toEqual(['cleo', '<h3>Cleo</h3>']);
  });

  it('clicks send filter.select and item.open; the hash links stop their jump and send nav.prev, nav.next, preview.close', () => {
    const { api, sent } = connected('open', { current: 'ana' });
    api.getFilterProps('therapists').onClick();
    api.getOpenProps('ben').onClick();
    const links = (['prev', 'next', 'close'] as const).map((which) => api.getNavLinkProps(which));
    expect(links.map((link) => link.href)).toEqual(['#prev', '#next', '#close']);
    const events = links.map((link) => {
      const event = press();
      link.onClick(event);
      return event;
    });
    expect(events.every((event) => event.preventDefault.mock.calls.length === 1)).toBe(true);
    expect(sent).toEqual([{ type: 'filter.select', filter: 'therapists' }, { type: 'item.open', id: 'ben' }, { type: 'nav.prev' }, { type: 'nav.next' }, { type: 'preview.close' }]);
  });

  it('on a live actor: an entry\'s click opens the preview, #next moves it to the next entry', async () => {
    const machine = portfolioMachine.provide({ actors: { readTemplate: fromPromise<string | null, { id: string }>(async ({ input }) => `<h3>${input.id}</h3>`) } });
    const clock = createTestClock();
    const actor = createActor(machine, { input: { entries }, clock }).start();
    const view = () => connectPortfolio(actor.getSnapshot(), actor.send, portfolioTranslations, labels, 'team');
    view().getOpenProps('ana').onClick();
    await setImmediate();
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    expect([view().getOpenProps('ana')['aria-expanded'], view().previewProps.hidden, view().previewProps['aria-label']]).toEqual([true, false, 'About Ana Ruiz']);
    view().getNavLinkProps('next').onClick(press());
    await setImmediate();
    expect(view().previewProps['data-transition']).toBe('slide-next');
    expect(view().current).toBe('ben');
  });

  it('its labels come from the translations', () => {
    const snapshot = portfolioMachine.resolveState({ value: 'open', context: { entries, filter: 'all', current: 'ana', requested: null, content: '', transition: 'fade' } });
    const t = { ...portfolioTranslations, all: 'الكل', about: 'عن {title}', preview: 'معاينة', filters: 'عرض {label}' };
    const api = connectPortfolio(snapshot, () => undefined, t, labels, 'team');
    expect([api.filters[0]?.label, api.previewProps['aria-label'], api.navProps['aria-label'], api.filterGroupProps['aria-label']]).toEqual([
      'الكل',
      'عن Ana Ruiz',
      'معاينة',
      'عرض team',
    ]);
  });
});
