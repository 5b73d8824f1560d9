import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { BLANK, problemReportMachine, type ReportAnswer } from './problem-report.machine';

/**
 * Issue 51: "Report a problem". The words never pass through the machine; the send says only
 * whether the field is blank. Every path: blank, stored, refused by the server, network failure,
 * closed from the dialog and after sending (focus back each time).
 */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function start(answer: () => Promise<ReportAnswer>) {
  const focusReturns: number[] = [];
  const actor = createActor(
    problemReportMachine.provide({
      actors: { sendReport: fromPromise<ReportAnswer>(answer) },
      actions: { returnFocus: () => void focusReturns.push(1) },
    }),
  ).start();
  return { actor, focusReturns };
}

describe('problem-report machine (issue 51)', () => {
  it('asks for words when the field is blank, then sends, stores the number and closes with focus back', async () => {
    const { actor, focusReturns } = start(async () => ({ ok: true, id: 7 }));
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'report.open' });
    actor.send({ type: 'report.send', blank: true });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.problem).toBe(BLANK);
    actor.send({ type: 'report.send', blank: false });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.problem).toBe('');
    await settled();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().context.id).toBe(7);
    actor.send({ type: 'report.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(focusReturns).toHaveLength(1);
  });

  it("stays open with the server's sentence when the report is refused, and with the error when the network fails", async () => {
    const refused = start(async () => ({ ok: false, message: 'Too many reports' }));
    refused.actor.send({ type: 'report.open' });
    refused.actor.send({ type: 'report.send', blank: false });
    await settled();
    expect(refused.actor.getSnapshot().value).toBe('open');
    expect(refused.actor.getSnapshot().context.problem).toBe('Too many reports');

    const offline = start(() => Promise.reject(new Error('Failed to fetch')));
    offline.actor.send({ type: 'report.open' });
    offline.actor.send({ type: 'report.send', blank: false });
    await settled();
    expect(offline.actor.getSnapshot().value).toBe('open');
    expect(offline.actor.getSnapshot().context.problem).toBe('Failed to fetch');
    // Cancel: closed, focus back, nothing sent again; opened again, the old problem is forgotten.
    offline.actor.send({ type: 'report.close' });
    expect(offline.actor.getSnapshot().value).toBe('closed');
    expect(offline.focusReturns).toHaveLength(1);
    offline.actor.send({ type: 'report.open' });
    expect(offline.actor.getSnapshot().context.problem).toBe('');
  });
});
