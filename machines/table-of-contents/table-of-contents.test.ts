import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { tableOfContentsMachine, type HeadingsFound } from './table-of-contents.machine';
import { buildToc, currentEntry, parseLevels, slugify, type PageHeading, type TocEntry } from './table-of-contents.rules';

const headings: PageHeading[] = [
  { level: 1, text: 'About', id: 'about', excluded: false },
  { level: 2, text: 'Who we are', id: 'who', excluded: false },
  { level: 3, text: 'Where we work', id: '', excluded: false },
  { level: 2, text: '  How a visit works! ', id: '', excluded: false },
  { level: 3, text: 'A note for professionals', id: '', excluded: true },
  { level: 4, text: 'Deep detail', id: '', excluded: false },
];

describe('table of contents rules (§1, reference notes)', () => {
  it('slugs: lowercase, runs of non-alphanumerics become one dash, trimmed', () => {
    expect(slugify('  How a visit works! ')).toBe('how-a-visit-works');
    expect(slugify('Children’s care & you')).toBe('children-s-care-you');
    expect(slugify('Café crème')).toBe('cafe-creme');
  });

  it('lists the chosen levels, skips excluded headings, keeps ids and slugs missing ones uniquely', () => {
    expect(buildToc(headings, [2, 3], ['where-we-work'])).toEqual([
      { level: 2, text: 'Who we are', id: 'who' },
      { level: 3, text: 'Where we work', id: 'where-we-work-2' },
      { level: 2, text: 'How a visit works!', id: 'how-a-visit-works' },
    ]);
    expect(buildToc(headings, [2]).map((e) => e.id)).toEqual(['who', 'how-a-visit-works']);
  });

  it('the current entry: the followed one while in the band, else the first in the band, else the last above it (issue 20.5)', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(currentEntry(order, ['b', 'c'], ['a', 'b', 'c'], null)).toBe('b');
    expect(currentEntry(order, ['b', 'c'], ['a', 'b', 'c'], 'c')).toBe('c');
    expect(currentEntry(order, ['b'], ['a', 'b'], 'd')).toBe('b');
    expect(currentEntry(order, [], ['a', 'b'], null)).toBe('b');
    expect(currentEntry(order, [], [], null)).toBeNull();
  });

  it('reads the levels setting', () => {
    expect(parseLevels('2,3')).toEqual([2, 3]);
    expect(parseLevels('h3, h2, 9, x')).toEqual([2, 3]);
  });
});

describe('table of contents machine', () => {
  function start(found: HeadingsFound) {
    const assigned: TocEntry[][] = [];
    let watched: TocEntry[] = [];
    const machine = tableOfContentsMachine.provide({
      actors: {
        readHeadings: fromPromise<HeadingsFound>(async () => found),
        watchSections: fromCallback<EventObject, { entries: TocEntry[] }>(({ input }) => {
          watched = input.entries;
        }),
      },
      actions: { assignHeadingIds: (_, { entries }) => assigned.push(entries) },
    });
    const actor = createActor(machine, { input: { levels: [2, 3] }, clock: createTestClock() }).start();
    return { actor, assigned, watched: () => watched };
  }

  it('shows nothing when the headings cannot be read (the reader fails): empty, no ids given (issue 50: the onError no test took)', async () => {
    const machine = tableOfContentsMachine.provide({
      actors: { readHeadings: fromPromise<HeadingsFound>(() => Promise.reject(new Error('no article'))) },
      actions: { assignHeadingIds: () => expect.unreachable('no ids without headings') },
    });
    const actor = createActor(machine, { input: { levels: [2, 3] }, clock: createTestClock() }).start();
    await waitFor(actor, (s) => !s.matches('reading'));
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.entries).toEqual([]);
  });

  it('reads the headings, lists them, gives ids, watches their sections and follows the one in view', async () => {
    const { actor, assigned, watched } = start({ headings, takenIds: [] });
    expect(actor.getSnapshot().value).toBe('reading');
    await waitFor(actor, (s) => !s.matches('reading'));
    expect(actor.getSnapshot().value).toBe('listed');
    expect(actor.getSnapshot().context.entries.map((e) => e.id)).toEqual(['who', 'where-we-work', 'how-a-visit-works']);
    expect(assigned).toHaveLength(1);
    expect(watched()).toHaveLength(3);
    actor.send({ type: 'section.enter', id: 'how-a-visit-works' });
    actor.send({ type: 'section.enter', id: 'who' });
    expect(actor.getSnapshot().context.active).toBe('who');
    actor.send({ type: 'section.leave', id: 'who' });
    expect(actor.getSnapshot().context.active).toBe('how-a-visit-works');
  });

  it('a heading that scrolled above the band keeps its entry current; a followed entry wins while in view', async () => {
    const { actor } = start({ headings, takenIds: [] });
    await waitFor(actor, (s) => !s.matches('reading'));
    actor.send({ type: 'heading.line', id: 'who', above: true });
    actor.send({ type: 'heading.line', id: 'where-we-work', above: true });
    expect(actor.getSnapshot().context.active).toBe('where-we-work');
    actor.send({ type: 'section.enter', id: 'where-we-work' });
    actor.send({ type: 'section.enter', id: 'how-a-visit-works' });
    actor.send({ type: 'entry.follow', id: 'how-a-visit-works' });
    expect(actor.getSnapshot().context.active).toBe('how-a-visit-works');
    actor.send({ type: 'section.leave', id: 'how-a-visit-works' });
    expect(actor.getSnapshot().context).toMatchObject({ followed: null, active: 'where-we-work' });
  });

  it('an entry followed while the headings are read is the current one once its heading is in view; its first report outside the band does not drop it', async () => {
    const { actor } = start({ headings, takenIds: [] });
    actor.send({ type: 'entry.follow', id: 'how-a-visit-works' });
    await waitFor(actor, (s) => !s.matches('reading'));
    // The observers' first report: every heading outside the band but the first.
    actor.send({ type: 'section.leave', id: 'how-a-visit-works' });
    actor.send({ type: 'section.enter', id: 'who' });
    expect(actor.getSnapshot().context).toMatchObject({ followed: 'how-a-visit-works', active: 'who' });
    // The smooth scroll brings it into the band beside the one above it.
    actor.send({ type: 'section.enter', id: 'where-we-work' });
    actor.send({ type: 'section.enter', id: 'how-a-visit-works' });
    expect(actor.getSnapshot().context.active).toBe('how-a-visit-works');
    actor.send({ type: 'section.leave', id: 'how-a-visit-works' });
    expect(actor.getSnapshot().context).toMatchObject({ followed: null, active: 'who' });
  });

  it('with no headings of the chosen levels it is empty', async () => {
    const { actor } = start({ headings: [{ level: 5, text: 'x', id: '', excluded: false }], takenIds: [] });
    await waitFor(actor, (s) => !s.matches('reading'));
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
