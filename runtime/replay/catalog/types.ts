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
  /**
   * States this entry's input rules out, or that only time or a measurement reaches, with the
   * reason and where they are tested instead. The model report lists them; it never counts them as reached.
   */
  unreachable?: Record<string, string>;
  /**
   * What makes two snapshots one vertex of the model's graph (default: the state value). Give it
   * when guards read context, so each vertex's transitions are those of every run that reaches it.
   */
  serializeState?: (snapshot: { value: unknown; context: unknown }) => string;
}
