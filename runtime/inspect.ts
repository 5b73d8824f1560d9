import type { InspectionEvent } from 'xstate';
import type { Clock } from './clock';

/**
 * A trace of what the machines did, stamped with the clock's time: the tester's record and the
 * developer's log. It listens on XState's `inspect` option.
 */
/**
 * `actor` is the actor's id (an island's is `<widget>-<n>`, a child's its invoke or spawn id);
 * `session` its XState session id. A snapshot's `state` is a machine's state value (undefined for a
 * promise or callback child), `status` the actor's (active, done, error, stopped), `output` a done
 * actor's.
 */
export type TraceEntry =
  | {
      at: number;
      kind: 'event';
      actor: string;
      session: string;
      event: { type: string } & Record<string, unknown>;
      /** The actor sent it to itself through the clock: an `after`, or a delayed raise (the countdown's tick). */
      timer?: true;
      /** A timer's event on a clock that fires late (the real one): when it was due, which `at` may pass. */
      due?: number;
      /**
       * The session of the actor that sent it (another actor: a child's answer, a parent's sendTo),
       * kept with `snapshots: true`: resuming a page re-sends what no re-run actor sends again.
       */
      source?: string;
    }
  | {
      at: number;
      kind: 'snapshot';
      actor: string;
      session: string;
      state: unknown;
      status: string;
      output?: unknown;
      /** The XState snapshot itself, kept only with `snapshots: true` (the inspector's timeline). */
      snapshot?: unknown;
    }
  | { at: number; kind: 'microstep'; actor: string; session: string; event: string; transitions: string[] }
  | { at: number; kind: 'actor'; actor: string; session: string; machine: string | undefined; parent?: string }
  /**
   * What the page told an actor outside its events (issue 28): `random.seed`, the seed of the
   * actor's random numbers, and each answer of a guard the widget's adapters read from the page
   * (`imagesReady`, `isMobileDevice`), by the guard's name. The replay gives them back in order.
   */
  | { at: number; kind: 'fact'; actor: string; session: string; name: string; value: unknown };

export interface TraceRecorder {
  /** The kept entries, oldest first: the last `limit` recorded. */
  readonly entries: readonly TraceEntry[];
  /** How many entries were recorded in all, the ones the buffer no longer keeps included. */
  readonly total: number;
  inspect(event: InspectionEvent): void;
  /** Records a fact an actor was given (a seed, a guard's reading of the page). */
  note(actor: FactSource, name: string, value: unknown): void;
  clear(): void;
  /** Issue 29: the trace becomes these entries (a page resumed from a past moment re-records its past). */
  replace(entries: readonly TraceEntry[]): void;
}

/**
 * What a recorder keeps. `all`: every kind (the replay prints microsteps). `page`: what a page's
 * inspector and testers read (actors, events, snapshots: scenarioFromTrace needs nothing else), so
 * a production page does not turn every microstep's transitions into strings.
 */
/** The actor a fact is about: its id and XState session id. */
export interface FactSource {
  id: string;
  sessionId: string;
}

export type TraceKinds = 'all' | 'page';

export interface TraceOptions {
  /** How many entries to keep; older ones are dropped, one for each new one. */
  limit?: number;
  kinds?: TraceKinds;
  /** Sees every entry as it is recorded, kept or not (the replay CLI writes them all to a file). */
  onEntry?: (entry: TraceEntry) => void;
  /**
   * Keep each snapshot object and each actor's parent session (issue 29: the inspector's timeline
   * shows any past moment's context, and the page's views render the recorded snapshots). A
   * reference to the immutable snapshot, not a copy: recording costs the same.
   */
  snapshots?: boolean;
}

export const TRACE_LIMIT = 5000;

/**
 * Keeps the last `limit` entries so a long-running page does not grow without bound: a ring
 * buffer, so recording costs the same whether it is full or not (issue 15: the array it replaced
 * moved every kept entry for each new one once full).
 */
export function createTraceRecorder(clock: Pick<Clock, 'now' | 'firingDue'>, { limit = TRACE_LIMIT, kinds = 'all', onEntry, snapshots = false }: TraceOptions = {}): TraceRecorder {
  const capacity = Math.max(1, Math.floor(limit));
  let ring: TraceEntry[] = [];
  let oldest = 0;
  let total = 0;
  let ordered: TraceEntry[] | undefined;
  const push = (entry: TraceEntry) => {
    total++;
    ordered = undefined;
    if (ring.length < capacity) ring.push(entry);
    else {
      ring[oldest] = entry;
      oldest = (oldest + 1) % capacity;
    }
    onEntry?.(entry);
  };
  const clear = () => {
    ring = [];
    oldest = 0;
    total = 0;
    ordered = undefined;
  };
  return {
    get entries() {
      ordered ??= oldest === 0 ? ring.slice() : [...ring.slice(oldest), ...ring.slice(0, oldest)];
      return ordered;
    },
    get total() {
      return total;
    },
    note(actor, name, value) {
      push({ at: clock.now(), kind: 'fact', actor: actor.id, session: actor.sessionId, name, value });
    },
    clear,
    replace(entries) {
      clear();
      for (const entry of entries) push(entry);
    },
    inspect(ev) {
      if (kinds === 'page' && (ev.type === '@xstate.microstep' || ev.type === '@xstate.action')) return;
      const at = clock.now();
      const ref = ev.actorRef as unknown as ActorRefInfo;
      const actor = ref.id ?? ref.sessionId ?? 'unknown';
      const session = ref.sessionId ?? actor;
      switch (ev.type) {
        case '@xstate.actor': {
          const parent = snapshots ? ref._parent?.sessionId : undefined;
          push(parent ? { at, kind: 'actor', actor, session, machine: ref.logic?.id, parent } : { at, kind: 'actor', actor, session, machine: ref.logic?.id });
          break;
        }
        case '@xstate.event': {
          const event = ev.event as { type: string } & Record<string, unknown>;
          // Delayed events reach an actor from itself through the system's scheduler (the clock).
          if (ev.sourceRef === ev.actorRef) {
            const due = clock.firingDue?.();
            push(due === undefined || due === at ? { at, kind: 'event', actor, session, event, timer: true } : { at, kind: 'event', actor, session, event, timer: true, due });
          }
          else if (snapshots && ev.sourceRef?.sessionId) push({ at, kind: 'event', actor, session, event, source: ev.sourceRef.sessionId });
          else push({ at, kind: 'event', actor, session, event });
          break;
        }
        case '@xstate.snapshot': {
          const snapshot = ev.snapshot as { value?: unknown; status: string; output?: unknown };
          // Two literals, not a spread of `{}`: this runs on every step of every actor in the page.
          const entry: TraceEntry =
            snapshot.status === 'done'
              ? { at, kind: 'snapshot', actor, session, state: snapshot.value, status: snapshot.status, output: snapshot.output }
              : { at, kind: 'snapshot', actor, session, state: snapshot.value, status: snapshot.status };
          if (snapshots) entry.snapshot = snapshot;
          push(entry);
          break;
        }
        case '@xstate.microstep':
          push({
            at,
            kind: 'microstep',
            actor,
            session,
            event: ev.event.type,
            transitions: ev._transitions.map((t) => `${t.source.id} -> ${t.target?.map((s) => s.id).join(', ') ?? '(self)'}`),
          });
          break;
      }
    },
  };
}

interface ActorRefInfo {
  id?: string;
  sessionId?: string;
  _parent?: { sessionId?: string };
  logic?: { id?: string };
}

/** Fan one inspection stream out to several listeners (trace recorder, browser inspector). */
export function combineInspectors(...listeners: Array<((event: InspectionEvent) => void) | undefined>) {
  return (event: InspectionEvent) => {
    for (const listener of listeners) listener?.(event);
  };
}
