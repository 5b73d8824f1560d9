import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { countdownMachine } from '../../machines/countdown/countdown.machine';
import { dosingFilterMachine } from '../../machines/dosing-filter/dosing-filter.machine';
import { createTestClock } from '../clock';
import { createTraceRecorder } from '../inspect';
import { catalog } from '../../tooling/replay/catalog/index';
import { jsonInput, scenarioFromTrace } from './record';
import { runScenario } from './run';
import { parseScenario } from './scenario';

describe('a trace recorded in the page becomes a scenario that replays', () => {
  it('records sends, gaps and rested states, and replays them without failure', () => {
    const clock = createTestClock(1_700_000_000_000);
    const trace = createTraceRecorder(clock);
    const input = { alertMessage: 'Call your doctor.', now: () => 0 };
    const actor = createActor(dosingFilterMachine, { input, clock, inspect: trace.inspect }).start();
    clock.advanceBy(800);
    actor.send({ type: 'filter.change', value: 'abc' });
    clock.advanceBy(1200);
    actor.send({ type: 'filter.change', value: '30' });

    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'dosing-filter', jsonInput(input));
    expect(scenario.input).toEqual({ alertMessage: 'Call your doctor.' });
    expect(scenario.steps).toEqual([
      { expect: 'unfiltered' },
      { advance: 800 },
      { send: { type: 'filter.change', value: 'abc' } },
      { expect: 'askingForWeight' },
      { advance: 1200 },
      { send: { type: 'filter.change', value: '30' } },
      { expect: 'showingMatches' },
    ]);
    const roundTrip = parseScenario(JSON.parse(JSON.stringify(scenario)));
    expect(runScenario(roundTrip, catalog).failures).toEqual([]);
    // The machine's own id names it too.
    expect(runScenario({ ...roundTrip, machine: 'dosingFilter' }, catalog).failures).toEqual([]);
  });

  it("leaves out the actor's own timers: a countdown's delayed ticks are clock advances, not sends", () => {
    const clock = createTestClock(0);
    const trace = createTraceRecorder(clock);
    const input = { target: 3_600_000, smallest: 1, largest: 2, now: clock.now };
    const actor = createActor(countdownMachine, { input, clock, inspect: trace.inspect }).start();
    actor.send({ type: 'countdown.start' });
    clock.advanceBy(3_000);
    const ticks = trace.entries.filter((entry) => entry.kind === 'event' && entry.event.type === 'countdown.tick');
    expect(ticks.map((entry) => entry.kind === 'event' && entry.timer)).toEqual([true, true, true]);

    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'countdown', jsonInput(input));
    expect(scenario.steps.filter((step) => 'send' in step)).toEqual([{ send: { type: 'countdown.start' } }]);
    // Replayed, the minute left is the one the page showed: each second ticked once, not twice.
    const replayed = runScenario({ ...scenario, steps: [...scenario.steps, { expect: 'running', context: { left: { minutes: 59, seconds: 57 } } }] }, catalog);
    expect(replayed.failures).toEqual([]);
  });
});
