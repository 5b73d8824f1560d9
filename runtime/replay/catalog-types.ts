import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';

/**
 * Why an entry's model does not reach a state: its input (or a measurement its fakes fix) rules the
 * state out and another entry of the catalog (named, same machine) reaches it, or no event sequence
 * can reach it by design.
 */
export type Unreachable = { reachedBy: string } | { reason: string };

/**
 * The machines a scenario can name, with what the tester's replay needs: fakes for effects, and the
 * visitor events the model tests explore.
 */
export interface CatalogEntry {
  machine: AnyStateMachine;
  /**
   * Where `machine` and `input` come from, for a widget: the island of the demo pages whose settings
   * and content the widget's own input() turned into this input (islands.ts `fromIsland`). Entries
   * of page services, the consent banner, the SDK logger and the inspector have none: no page island
   * builds their input.
   */
  source?: string;
  /** Fakes for the machine's effects during replay and model tests. */
  provide?: Parameters<AnyStateMachine['provide']>[0];
  /** Input for model tests (and the default for scenarios that give none). */
  input?: Record<string, unknown>;
  /** The events model tests explore (timer steps are added by the model helper). */
  events: Array<{ type: string } & Record<string, unknown>>;
  /**
   * What makes two snapshots one vertex of the model's graph. Defaults to the state value; add the
   * context a state's exits depend on (a count still pending, whether something is open).
   */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * States no path can rest in, whatever the input: every exit is eventless (`always`, the last
   * without a guard), so a macrostep only passes through. The model helper checks the chart says so.
   */
  transient?: string[];
  /**
   * States this entry's model does not reach. `{ reachedBy }`: this entry's input (or a fake it
   * provides for what the widget measures: a mobile device, images loaded) rules the state out, and
   * the named entry (same machine, other input) reaches it; the coverage test checks both.
   * `{ reason }`: no event sequence reaches it by design, in one line. The report lists them; it never
   * counts them as reached.
   */
  unreachable?: Record<string, Unreachable>;
}

/** `{ state: { reachedBy: entry } }` for each state: the states an entry's input rules out. */
export function reachedBy(entry: string, states: readonly string[]): Record<string, Unreachable> {
  return Object.fromEntries(states.map((state) => [state, { reachedBy: entry }]));
}
