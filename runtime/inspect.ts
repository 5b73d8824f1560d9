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
  | { at: number; kind: 'event'; actor: string; session: string; event: { type: string } & Record<string, unknown> }
  | { at: number; kind: 'snapshot'; actor: string; session: string; state: unknown; status: string; output?: unknown }
  | { at: number; kind: 'microstep'; actor: string; session: string; event: string; transitions: string[] }
  | { at: number; kind: 'actor'; actor: string; session: string; machine: string | undefined };

export interface TraceRecorder {
  readonly entries: readonly TraceEntry[];
  inspect(event: InspectionEvent): void;
  clear(): void;
}

/** Keeps the last `limit` entries so a long-running page does not grow without bound. */
export function createTraceRecorder(clock: Pick<Clock, 'now'>, limit = 5000): TraceRecorder {
  const entries: TraceEntry[] = [];
  const push = (entry: TraceEntry) => {
    entries.push(entry);
    if (entries.length > limit) entries.splice(0, entries.length - limit);
  };
  return {
    entries,
    clear: () => void entries.splice(0),
    inspect(ev) {
      const at = clock.now();
      const ref = ev.actorRef as unknown as ActorRefInfo;
      const actor = ref.id ?? ref.sessionId ?? 'unknown';
      const session = ref.sessionId ?? actor;
      switch (ev.type) {
        case '@xstate.actor':
          push({ at, kind: 'actor', actor, session, machine: ref.logic?.id });
          break;
        case '@xstate.event':
          push({ at, kind: 'event', actor, session, event: ev.event as { type: string } & Record<string, unknown> });
          break;
        case '@xstate.snapshot': {
          const snapshot = ev.snapshot as { value?: unknown; status: string; output?: unknown };
          push({
            at,
            kind: 'snapshot',
            actor,
            session,
            state: snapshot.value,
            status: snapshot.status,
            ...(snapshot.status === 'done' ? { output: snapshot.output } : {}),
          });
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
  logic?: { id?: string };
}

/** Fan one inspection stream out to several listeners (trace recorder, browser inspector). */
export function combineInspectors(...listeners: Array<((event: InspectionEvent) => void) | undefined>) {
  return (event: InspectionEvent) => {
    for (const listener of listeners) listener?.(event);
  };
}
