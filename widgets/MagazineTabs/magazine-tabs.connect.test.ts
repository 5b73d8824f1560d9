import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { MAGAZINE_ANIMATION_MS, magazineTabsMachine, type MagazineTabsEvent } from '../../machines/magazine-tabs/magazine-tabs.machine';
import { connectMagazineTabs } from './magazine-tabs.connect';
import { magazineTabsTranslations } from './magazine-tabs.translations';

const labels = {
  label: 'Show entries',
  allLabel: 'Everything',
  groups: [
    { id: 'news', label: 'News' },
    { id: 'events', label: 'Events' },
    { id: 'stories', label: 'Stories' },
  ],
  entries: [{ groups: ['news'] }, { groups: ['news', 'events'] }, { groups: ['events'] }, { groups: ['news'] }],
};
const groups = [
  { id: 'news', count: 3 },
  { id: 'events', count: 2 },
  { id: 'stories', count: 0 },
];

function connected(value: 'idle' | 'animating', active: string, t = magazineTabsTranslations) {
  const sent: MagazineTabsEvent[] = [];
  const snapshot = magazineTabsMachine.resolveState({ value, context: { groups, active } });
  return { api: connectMagazineTabs(snapshot, (event) => sent.push(event), t, labels), sent };
}

describe('the magazine tabs connect layer (§4, §5 toggle buttons over one list)', () => {
  it('every entry shown: "all" pressed, no button for the empty group, nothing said, nothing hidden', () => {
    const { api } = connected('idle', 'all');
    expect(api.groupProps).toEqual({ role: 'group', 'aria-label': 'Show entries' });
    expect(api.buttons.map((button) => button.id)).toEqual(['all', 'news', 'events']);
    expect(api.buttons.map((button) => api.getButtonProps(button.id)['aria-pressed'])).toEqual([true, false, false]);
    expect(api.statusProps).toEqual({ role: 'status' });
    expect(api.statusText).toBe('');
    expect(api.entriesProps['data-state']).toBeUndefined();
    expect(labels.entries.map((entry) => api.getEntryProps(entry.groups).hidden)).toEqual([false, false, false, false]);
  });

  it('a group picked and animating: its button pressed, the others\' entries hidden, the count said with its label', () => {
    const { api } = connected('animating', 'events');
    expect(api.buttons.map((button) => api.getButtonProps(button.id)['aria-pressed'])).toEqual([false, false, true]);
    expect(labels.entries.map((entry) => api.getEntryProps(entry.groups).hidden)).toEqual([true, false, false, true]);
    expect(api.statusText).toBe('2 entries in Events.');
    expect(api.entriesProps['data-state']).toBe('animating');
  });

  it('a click sends sort.select with the button\'s group; on a live actor the entries follow', () => {
    const { api, sent } = connected('idle', 'all');
    api.getButtonProps('news').onClick();
    expect(sent).toEqual([{ type: 'sort.select', group: 'news' }]);

    const clock = createTestClock();
    const actor = createActor(magazineTabsMachine, { input: { groups }, clock }).start();
    const view = () => connectMagazineTabs(actor.getSnapshot(), actor.send, magazineTabsTranslations, labels);
    view().getButtonProps('news').onClick();
    expect(view().statusText).toBe('3 entries in News.');
    // Blocked while the entries animate (§4): the second click is dropped.
    view().getButtonProps('events').onClick();
    expect(view().getButtonProps('news')['aria-pressed']).toBe(true);
    clock.advanceBy(MAGAZINE_ANIMATION_MS);
    view().getButtonProps('all').onClick();
    expect(view().statusText).toBe('');
    expect(view().getButtonProps('all')['aria-pressed']).toBe(true);
  });

  it('the status text comes from the translations', () => {
    const { api } = connected('idle', 'news', { shown: '{count} مواد في {group}.' });
    expect(api.statusText).toBe('3 مواد في News.');
  });
});
