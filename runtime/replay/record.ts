import type { TraceEntry } from '../inspect';
import type { Scenario, ScenarioStep, StateValueJson } from './scenario';

/**
 * Turns what one actor did in a page (its part of the trace) into a replay scenario: the gaps
 * between events become clock advances (which also fire the actor's own timers), each event a
 * send, and each state it then rested in an expectation.
 */
export function scenarioFromTrace(
  entries: readonly TraceEntry[],
  session: string,
  machine: string,
  input?: Record<string, unknown>,
): Scenario {
  const mine = entries.filter((entry) => entry.session === session);
  const steps: ScenarioStep[] = [];
  const start = mine[0]?.at ?? 0;
  let last = start;
  for (const entry of mine) {
    if (entry.kind === 'event') {
      const type = entry.event.type;
      // The actor's own timers fire again in the replay as the clock advances: not sends.
      if (entry.timer || type === 'xstate.init' || type.startsWith('xstate.after') || type.startsWith('xstate.done') || type.startsWith('xstate.error')) continue;
      if (entry.at > last) steps.push({ advance: entry.at - last });
      last = entry.at;
      steps.push({ send: entry.event });
    } else if (entry.kind === 'snapshot') {
      if (entry.at > last) {
        steps.push({ advance: entry.at - last });
        last = entry.at;
      }
      const previous = steps.at(-1);
      const expectation = { expect: entry.state as StateValueJson };
      if (previous && 'expect' in previous) steps[steps.length - 1] = expectation;
      else steps.push(expectation);
    }
  }
  return { name: `${machine}: recorded in the page`, machine, ...(input ? { input } : {}), steps };
}

/** Input as JSON: functions (now, random) are dropped; the replay gives its own. */
export function jsonInput(input: unknown): Record<string, unknown> | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
}
