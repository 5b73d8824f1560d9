import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { createTraceRecorder } from '../../runtime/inspect';
import { dosingFilterMachine } from './dosing-filter.machine';
import { NOT_A_NUMBER_MESSAGE } from './dosing-filter.rules';

const ALERT = 'Call your doctor for a child under 6 lb.';

function start() {
  const clock = createTestClock();
  const trace = createTraceRecorder(clock);
  const actor = createActor(dosingFilterMachine, { input: { alertMessage: ALERT }, clock, inspect: trace.inspect }).start();
  return { actor, clock, trace };
}

describe('dosing filter machine (§4)', () => {
  it('starts unfiltered: header and every row, no alert', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('unfiltered');
    expect(actor.getSnapshot().context.display).toEqual({ header: true, alert: false, rows: 'all' });
  });

  it('hides header, rows and alert first on every change, then shows the result', () => {
    const { actor, trace } = start();
    actor.send({ type: 'filter.change', value: '20' });
    const steps = trace.entries.filter((e) => e.kind === 'microstep').map((e) => (e.kind === 'microstep' ? e.transitions : []));
    expect(steps.flat()).toEqual(['dosingFilter -> dosingFilter.filtering', 'dosingFilter.filtering -> dosingFilter.showingMatches']);
    expect(actor.getSnapshot().context.changes).toBe(1);
    expect(actor.getSnapshot().context.display).toEqual({ header: true, alert: false, rows: { weight: 20 } });
  });

  it("'all' shows the alert, the header and every row", () => {
    const { actor } = start();
    actor.send({ type: 'filter.change', value: 'all' });
    expect(actor.getSnapshot().value).toBe('showingAll');
    expect(actor.getSnapshot().context).toMatchObject({ display: { header: true, alert: true, rows: 'all' }, alertMessage: ALERT });
  });

  it('a value below 6 shows only the alert', () => {
    const { actor } = start();
    actor.send({ type: 'filter.change', value: '4' });
    expect(actor.getSnapshot().value).toBe('belowCutoff');
    expect(actor.getSnapshot().context).toMatchObject({ display: { header: false, alert: true, rows: 'none' }, alertMessage: ALERT, value: '4' });
  });

  it("a value that is not a number clears the field and the alert asks for the weight", () => {
    const { actor } = start();
    actor.send({ type: 'filter.change', value: 'abc' });
    expect(actor.getSnapshot().value).toBe('askingForWeight');
    expect(actor.getSnapshot().context).toMatchObject({ value: '', alertMessage: NOT_A_NUMBER_MESSAGE, display: { alert: true, header: false, rows: 'none' } });
  });

  it('after the weight message, a below-cutoff value restores the dosing alert', () => {
    const { actor } = start();
    actor.send({ type: 'filter.change', value: 'x' });
    actor.send({ type: 'filter.change', value: '3' });
    expect(actor.getSnapshot().context.alertMessage).toBe(ALERT);
  });

  it('a value above 300 is capped: the field keeps what was typed, the rows follow 300', () => {
    const { actor } = start();
    actor.send({ type: 'filter.change', value: '450' });
    expect(actor.getSnapshot().value).toBe('showingMatches');
    expect(actor.getSnapshot().context).toMatchObject({ value: '450', display: { rows: { weight: 300 } } });
  });

  it('sets no timers: the fade is the view’s, not a clock’s', () => {
    const { actor, clock } = start();
    actor.send({ type: 'filter.change', value: '30' });
    expect(clock.pending()).toBe(0);
  });

  it('issue 22: text an input method is still composing shows as typed, filters nothing and is not cleared', () => {
    const { actor } = start();
    actor.send({ type: 'filter.change', value: '30' });
    actor.send({ type: 'filter.compose', value: '２' });
    expect(actor.getSnapshot().value).toBe('showingMatches');
    expect(actor.getSnapshot().context).toMatchObject({ value: '２', changes: 1, display: { rows: { weight: 30 } } });
    // The composition ends: now the value is read (full-width digits are not a number, §5).
    actor.send({ type: 'filter.change', value: '２' });
    expect(actor.getSnapshot().value).toBe('askingForWeight');
    expect(actor.getSnapshot().context.value).toBe('');
  });
});
