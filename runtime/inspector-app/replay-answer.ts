import type { LoadedScenario } from '../../machines/inspector/inspector.machine';

/**
 * Issue 29: where the inspector sends a scenario file to be replayed. `npm run dev` answers it
 * (tooling/build/inspector-replay.ts: the replay library, in Node, on this machine); the built
 * server does not, and the inspector says so.
 */
export const REPLAY_PATH = '/__inspect/replay';

/** The replay as the inspector steps through it; `failures` are the replay's own lines for them. */
export interface ReplayAnswer extends LoadedScenario {
  failures: string[];
}
