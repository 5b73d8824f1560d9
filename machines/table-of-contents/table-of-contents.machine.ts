import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { buildToc, currentEntry, type PageHeading, type TocEntry } from './table-of-contents.rules';

export interface TableOfContentsInput {
  levels: number[];
}

export interface HeadingsFound {
  headings: PageHeading[];
  /** Every id already used on the page, so slugs stay unique. */
  takenIds: string[];
}

type TableOfContentsEvent =
  /** A listed heading entered or left the in-view band. */
  | { type: 'section.enter'; id: string }
  | { type: 'section.leave'; id: string }
  /** A listed heading is above the band's bottom line, or went back below it. */
  | { type: 'heading.line'; id: string; above: boolean }
  /** The visitor followed the entry's link. */
  | { type: 'entry.follow'; id: string };

/**
 * Table of contents (§1, reference notes): reads the page's headings once, lists those of the chosen
 * levels (ids given to headings that lack one), then follows the reader: the entry whose heading
 * the visitor sees is the current one (issue 20.5: each heading is watched, not its section).
 */
export const tableOfContentsMachine = setup({
  types: {} as {
    input: TableOfContentsInput;
    context: { levels: number[]; entries: TocEntry[]; inView: string[]; above: string[]; followed: string | null; active: string | null };
    events: TableOfContentsEvent;
  },
  actors: {
    readHeadings: fromPromise<HeadingsFound>(async () => ({ headings: [], takenIds: [] })),
    /** Sends section.enter / section.leave and heading.line for the listed headings until the state is left. */
    watchSections: fromCallback<EventObject, { entries: TocEntry[] }>(() => undefined),
  },
  guards: {
    hasEntries: ({ context }) => context.entries.length > 0,
  },
  actions: {
    assignHeadingIds: (_, _params: { entries: TocEntry[] }) => undefined,
    track: assign(({ context, event }) => {
      const without = (ids: string[]) => ids.filter((id) => id !== event.id);
      const inView = event.type === 'section.enter' ? [...without(context.inView), event.id] : event.type === 'section.leave' ? without(context.inView) : context.inView;
      const above = event.type === 'heading.line' ? (event.above ? [...without(context.above), event.id] : without(context.above)) : context.above;
      // A followed entry stays preferred until its heading leaves the band (a heading not yet in it,
      // reported outside it as it is first watched, has not left it).
      const left = event.type === 'section.leave' && event.id === context.followed && context.inView.includes(event.id);
      const followed = event.type === 'entry.follow' ? event.id : left ? null : context.followed;
      return { inView, above, followed, active: currentEntry(context.entries.map((e) => e.id), inView, above, followed) };
    }),
  },
}).createMachine({
  id: 'tableOfContents',
  context: ({ input }) => ({ levels: input.levels, entries: [], inView: [], above: [], followed: null, active: null }),
  initial: 'reading',
  states: {
    reading: {
      // A link followed while the headings are read (a tap kept until the chunk arrived, issue 35) is
      // the entry the visitor chose once they are listed.
      on: { 'entry.follow': { actions: 'track' } },
      invoke: {
        src: 'readHeadings',
        onDone: {
          target: 'deciding',
          actions: assign({ entries: ({ context, event }) => buildToc(event.output.headings, context.levels, event.output.takenIds) }),
        },
        onError: 'empty',
      },
    },
    deciding: {
      always: [{ guard: 'hasEntries', target: 'listed' }, { target: 'empty' }],
    },
    listed: {
      entry: { type: 'assignHeadingIds', params: ({ context }) => ({ entries: context.entries }) },
      invoke: { src: 'watchSections', input: ({ context }) => ({ entries: context.entries }) },
      on: {
        'section.enter': { actions: 'track' },
        'section.leave': { actions: 'track' },
        'heading.line': { actions: 'track' },
        'entry.follow': { actions: 'track' },
      },
    },
    empty: {},
  },
});
