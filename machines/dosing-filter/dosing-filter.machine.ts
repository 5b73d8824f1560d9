import { assign, setup } from 'xstate';
import { NOT_A_NUMBER_MESSAGE, UNFILTERED, displayFor, parseWeight, type DosingDisplay, type DosingQuery } from './dosing-filter.rules';

/**
 * §4 Dosing filter. Every change first hides the header, the rows and the alert (`filtering`),
 * then shows what the value asks for: everything for 'all', only the alert below 6 lb or for a
 * value that is not a number (the field is cleared), otherwise the rows whose band holds the weight.
 * `changes` counts the changes so the view can replay the fade-in on every one.
 */
export interface DosingFilterContext {
  /** The text the field shows. */
  value: string;
  query: DosingQuery | null;
  display: DosingDisplay;
  /** The alert's text: the dosing alert, or §5's message for a value that is not a number. */
  alertMessage: string;
  /** The page's own dosing alert, kept to restore after §5's message. */
  dosingAlert: string;
  changes: number;
}

export interface DosingFilterInput {
  /** The page's dosing alert (shown with 'all' and below 6 lb). */
  alertMessage: string;
}

export type DosingFilterEvent =
  | { type: 'filter.change'; value: string }
  /**
   * Issue 22: the field's text while an input method composes it (a Japanese IME writes "２" before
   * "2" is committed). The text shows as typed, nothing is filtered and the field is not cleared as
   * not a number; the view sends `filter.change` when the composition ends.
   */
  | { type: 'filter.compose'; value: string };

const HIDDEN: DosingDisplay = { header: false, alert: false, rows: 'none' };

export const dosingFilterMachine = setup({
  types: {} as { context: DosingFilterContext; input: DosingFilterInput; events: DosingFilterEvent },
  actions: {
    readValue: assign(({ event }) => ({ value: event.value, query: parseWeight(event.value) })),
    showComposedText: assign(({ event }) => ({ value: event.value })),
    hideEverything: assign(({ context }) => ({ display: HIDDEN, changes: context.changes + 1 })),
    showQuery: assign(({ context }) => (context.query ? { display: displayFor(context.query) } : {})),
    clearField: assign({ value: '' }),
    useWeightMessage: assign({ alertMessage: NOT_A_NUMBER_MESSAGE }),
    useDosingAlert: assign(({ context }) => ({ alertMessage: context.dosingAlert })),
  },
  guards: {
    isAll: ({ context }) => context.query?.kind === 'all',
    isNotANumber: ({ context }) => context.query?.kind === 'not-a-number',
    isBelowCutoff: ({ context }) => context.query?.kind === 'below-cutoff',
  },
}).createMachine({
  id: 'dosingFilter',
  context: ({ input }) => ({
    value: '',
    query: null,
    display: UNFILTERED,
    alertMessage: input.alertMessage,
    dosingAlert: input.alertMessage,
    changes: 0,
  }),
  initial: 'unfiltered',
  on: {
    'filter.change': { target: '.filtering', actions: 'readValue' },
    'filter.compose': { actions: 'showComposedText' },
  },
  states: {
    unfiltered: {},
    filtering: {
      entry: 'hideEverything',
      always: [
        { guard: 'isAll', target: 'showingAll' },
        { guard: 'isNotANumber', target: 'askingForWeight' },
        { guard: 'isBelowCutoff', target: 'belowCutoff' },
        { target: 'showingMatches' },
      ],
    },
    showingAll: { entry: ['useDosingAlert', 'showQuery'] },
    askingForWeight: { entry: ['clearField', 'useWeightMessage', 'showQuery'] },
    belowCutoff: { entry: ['useDosingAlert', 'showQuery'] },
    showingMatches: { entry: 'showQuery' },
  },
});
