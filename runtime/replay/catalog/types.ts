import type { AnyStateMachine } from 'xstate';

/**
 * The machines a scenario can name, with what the tester's replay needs: fakes for effects, and the
 * visitor events the model tests explore.
 */
export interface CatalogEntry {
  machine: AnyStateMachine;
  /** Fakes for the machine's effects during replay and model tests. */
  provide?: Parameters<AnyStateMachine['provide']>[0];
  /** Input for model tests (and the default for scenarios that give none). */
  input?: Record<string, unknown>;
  /** The events model tests explore (timer steps are added by the model helper). */
  events: Array<{ type: string } & Record<string, unknown>>;
  /** States no path can rest in (transient states with only eventless exits). */
  transient?: string[];
}
