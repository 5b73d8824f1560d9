import type { TraceEntry } from '../inspect';
import type { Scenario, ScenarioStep, StateValueJson } from './scenario';

/**
 * Turns what one actor did in a page (its part of the trace) into a replay scenario: the gaps
 * between events become clock advances (which also fire the actor's own timers), each event a
 * send, each state it then rested in an expectation, and the facts the page gave it (its random
 * seed, its guards' readings of the page) the scenario's `seed` and `facts` (issue 28).
 */
export function scenarioFromTrace(
  entries: readonly TraceEntry[],
  session: string,
  machine: string,
  input?: Record<string, unknown>,
): Scenario {
  const mine = entries.filter((entry) => entry.session === session);
  // A child machine replays itself in the replay; a promise's or callback's answer is the page's
  // (the network, an adapter) and is re-sent. Promise and callback logic has no machine id.
  const childMachines = new Set(entries.filter((entry) => entry.kind === 'actor' && entry.session !== session && entry.machine !== undefined).map((entry) => entry.actor));
  const steps: ScenarioStep[] = [];
  const facts: Record<string, unknown[]> = {};
  let seed: number | undefined;
  const start = mine[0]?.at ?? 0;
  let last = start;
  const advanceTo = (at: number) => {
    if (at > last) steps.push({ advance: at - last });
    last = Math.max(last, at);
  };
  for (const entry of mine) {
    if (entry.kind === 'fact') {
      if (entry.name === 'random.seed' && typeof entry.value === 'number') seed = entry.value;
      else (facts[entry.name] ??= []).push(entry.value);
    } else if (entry.kind === 'event') {
      const type = entry.event.type;
      if (type === 'xstate.init') continue;
      // The actor's own timers fire again in the replay as the clock advances: not sends. A timer
      // due at once (0 ms, or due the moment an event arrived) needs an advance of its own: the
      // replay's clock fires only what an advance reaches.
      if (entry.timer || type.startsWith('xstate.after')) {
        const previous = steps.at(-1);
        if (entry.at > last) advanceTo(entry.at);
        else if (!previous || !('advance' in previous)) steps.push({ advance: 0 });
        continue;
      }
      if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
        const child = type.replace(/^xstate\.(done|error)\.actor\./, '');
        if (childMachines.has(child)) continue;
      } else if (type.startsWith('xstate.')) continue;
      advanceTo(entry.at);
      steps.push({ send: entry.event });
    } else if (entry.kind === 'snapshot') {
      advanceTo(entry.at);
      const previous = steps.at(-1);
      const expectation = { expect: entry.state as StateValueJson };
      if (previous && 'expect' in previous) steps[steps.length - 1] = expectation;
      else steps.push(expectation);
    }
  }
  return {
    name: `${machine}: recorded in the page`,
    machine,
    ...(input ? { input } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(Object.keys(facts).length > 0 ? { facts } : {}),
    steps,
  };
}

/** Input as JSON: functions (now, random) are dropped; the replay gives its own. */
export function jsonInput(input: unknown): Record<string, unknown> | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
}
