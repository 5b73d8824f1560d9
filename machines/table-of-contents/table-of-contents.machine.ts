import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { activeSection } from '../scroll-spy/scroll-spy.rules';
import { buildToc, type PageHeading, type TocEntry } from './table-of-contents.rules';

export interface TableOfContentsInput {
  levels: number[];
}

export interface HeadingsFound {
  headings: PageHeading[];
  /** Every id already used on the page, so slugs stay unique. */
  takenIds: string[];
}

type TableOfContentsEvent = { type: 'section.enter'; id: string } | { type: 'section.leave'; id: string };

/**
 * Table of contents (§1, reference notes): reads the page's headings once, lists those of the chosen
 * levels (ids given to headings that lack one), then follows the reader: the entry whose section is
 * in view is the current one (the same scroll-spy rule as the menu).
 */
export const tableOfContentsMachine = setup({
  types: {} as {
    input: TableOfContentsInput;
    context: { levels: number[]; entries: TocEntry[]; inView: string[]; active: string | null };
    events: TableOfContentsEvent;
  },
  actors: {
    readHeadings: fromPromise<HeadingsFound>(async () => ({ headings: [], takenIds: [] })),
    /** Sends section.enter / section.leave for the listed headings' sections until the state is left. */
    watchSections: fromCallback<EventObject, { entries: TocEntry[] }>(() => undefined),
  },
  guards: {
    hasEntries: ({ context }) => context.entries.length > 0,
  },
  actions: {
    assignHeadingIds: (_, _params: { entries: TocEntry[] }) => undefined,
    track: assign(({ context, event }) => {
      const inView = event.type === 'section.enter'
        ? [...context.inView.filter((id) => id !== event.id), event.id]
        : context.inView.filter((id) => id !== event.id);
      return { inView, active: activeSection(context.entries.map((e) => e.id), inView) };
    }),
  },
}).createMachine({
  id: 'tableOfContents',
  context: ({ input }) => ({ levels: input.levels, entries: [], inView: [], active: null }),
  initial: 'reading',
  states: {
    reading: {
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
      on: { 'section.enter': { actions: 'track' }, 'section.leave': { actions: 'track' } },
    },
    empty: {},
  },
});
