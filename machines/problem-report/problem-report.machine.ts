import { assign, fromPromise, setup } from 'xstate';

/**
 * Issue 51: "Report a problem" in every page's footer. The visitor opens a short dialog, writes
 * what went wrong and chooses to send it; only then does the page post its recording (the adapter
 * `sendReport`, runtime/report/send.ts). The words never pass through the machine: the send event
 * says only whether the field is blank, so the report's own recording holds nothing typed.
 */
export type ReportAnswer = { ok: true; id: number } | { ok: false; message: string };

export interface ProblemReportContext {
  /** Why the last send did not go (the field was blank, the server's sentence), '' when none. */
  problem: string;
  /** The stored report's number, once sent. */
  id: number | null;
}

export type ProblemReportEvent =
  | { type: 'report.open' }
  | { type: 'report.close' }
  | { type: 'report.send'; blank: boolean };

/** What the dialog says when the field is blank: the view's label of that key. */
export const BLANK = 'blank';

export const problemReportMachine = setup({
  types: {} as { context: ProblemReportContext; events: ProblemReportEvent },
  actors: {
    /** Adapter: builds the report from the page and posts it; answers the server's verdict. Rejects when the network fails. */
    sendReport: fromPromise<ReportAnswer>(async () => ({ ok: false, message: 'no adapter' })),
  },
  actions: {
    forgetProblem: assign({ problem: '' }),
    askForWords: assign({ problem: BLANK }),
    storeAnswer: assign((_, answer: ReportAnswer) => (answer.ok ? { id: answer.id, problem: '' } : { problem: answer.message })),
    storeFailure: assign((_, message: string) => ({ problem: message })),
    /** Adapter: focus moves back to the footer's button. */
    returnFocus: () => undefined,
  },
  guards: {
    isBlank: ({ event }) => event.type === 'report.send' && event.blank,
    isStored: (_, answer: ReportAnswer) => answer.ok,
  },
}).createMachine({
  id: 'problemReport',
  context: { problem: '', id: null },
  initial: 'closed',
  states: {
    closed: { on: { 'report.open': { target: 'open', actions: 'forgetProblem' } } },
    open: {
      on: {
        'report.close': { target: 'closed', actions: 'returnFocus' },
        'report.send': [{ guard: 'isBlank', actions: 'askForWords' }, { target: 'sending', actions: 'forgetProblem' }],
      },
    },
    sending: {
      invoke: {
        src: 'sendReport',
        onDone: [
          { guard: { type: 'isStored', params: ({ event }) => event.output }, target: 'sent', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
          { target: 'open', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'open', actions: { type: 'storeFailure', params: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) } },
      },
    },
    sent: { on: { 'report.close': { target: 'closed', actions: 'returnFocus' } } },
  },
});
