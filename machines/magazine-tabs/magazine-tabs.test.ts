import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { MAGAZINE_ANIMATION_MS, magazineTabsMachine } from './magazine-tabs.machine';
import { entryShows, visibleGroups } from './magazine-tabs.rules';

const GROUPS = [
  { id: 'news', count: 3 },
  { id: 'events', count: 2 },
  { id: 'stories', count: 0 },
];

function start() {
  const clock = createTestClock();
  const actor = createActor(magazineTabsMachine, { input: { groups: GROUPS }, clock }).start();
  return { actor, clock };
}

describe('magazine tabs machine (§4, §5)', () => {
  it('starts on every entry', () => {
    expect(start().actor.getSnapshot().context.active).toBe('all');
  });

  it('switching is blocked while animating', () => {
    const { actor, clock } = start();
    actor.send({ type: 'sort.select', group: 'news' });
    expect(actor.getSnapshot().value).toBe('animating');
    actor.send({ type: 'sort.select', group: 'events' });
    expect(actor.getSnapshot().context.active).toBe('news');
    // Blocked for the whole animation (§5), up to its last millisecond.
    clock.advanceBy(MAGAZINE_ANIMATION_MS - 1);
    actor.send({ type: 'sort.select', group: 'events' });
    expect(actor.getSnapshot().context.active).toBe('news');
    clock.advanceBy(1);
    actor.send({ type: 'sort.select', group: 'events' });
    expect(actor.getSnapshot().context.active).toBe('events');
  });

  it('an empty group cannot be chosen; neither can the current one', () => {
    const { actor } = start();
    actor.send({ type: 'sort.select', group: 'stories' });
    actor.send({ type: 'sort.select', group: 'all' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.active).toBe('all');
  });
});

describe('magazine rules', () => {
  it('hides the sort buttons of empty groups', () => {
    expect(visibleGroups(GROUPS).map((g) => g.id)).toEqual(['news', 'events']);
  });

  it('an entry shows under all and under its own groups', () => {
    expect(entryShows(['news'], 'all')).toBe(true);
    expect(entryShows(['news'], 'news')).toBe(true);
    expect(entryShows(['news'], 'events')).toBe(false);
  });
});
