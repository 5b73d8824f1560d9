import type { AnyActorRef } from 'xstate';
import type { ActorEnv, IslandActor } from './actor';
import type { MountedIsland } from './mount';
import type { RuntimeWidget } from './widget';

/*
 * What the island scanner (islands.ts) keeps of each island, and what a resumed page makes again of
 * a hydrated one (resume-islands.ts, loaded by the scanner on use): here, below both, so neither
 * imports the other back (issue 48).
 */

/** One island the scanner found. */
export interface IslandRecord {
  element: HTMLElement;
  widget: string;
  loading?: Promise<void>;
  /** The behaviour's actor, running before the view; with its parsed settings and content. */
  running?: Promise<(IslandActor & { settings: unknown; content: unknown }) | undefined>;
  runningActor?: AnyActorRef;
  mounted?: MountedIsland;
  /**
   * React is hydrating the view: from hydrateRoot on, React hears the island's events itself (a
   * click hydrates the root at once and reaches the view), so none is kept to be replayed twice.
   */
  handedOver?: boolean;
  /** What the hydrated island's actor was made from (a resumed page makes it again). */
  made?: { widget: RuntimeWidget; settings: unknown; content: unknown };
  failed?: boolean;
  /** What the visitor did before the view hydrated, in order. */
  queued: Event[];
  /** Takes back the acknowledgement of a kept tap or key (issue 35 goal 2): the view answers it now. */
  acknowledged?: () => void;
  /** Its behaviour answers the visitor's input (AnsweringBehaviour) and has started: nothing is kept any more. */
  answering?: boolean;
  /** The last state the behaviour's `bind` drew on the markup (one `viewNeeded` did not hand to the view). */
  drawn?: unknown;
  detach: Array<() => void>;
}

export interface ResumableIsland {
  widget: string;
  actor: AnyActorRef;
  /**
   * A new actor made as the island's first one was: same settings, content, id (so the same seed;
   * a replayed scenario gives the actor's own: `seed: undefined` and its `random`).
   */
  recreate(env: Pick<ActorEnv, 'inspect' | 'note' | 'gate'> & Partial<Pick<ActorEnv, 'seed' | 'random' | 'input'>>): AnyActorRef;
  /** The island's view, and the runtime, use `actor` from now on. */
  adopt(actor: AnyActorRef): void;
}
