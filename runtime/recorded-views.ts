import type { AnyActorRef } from 'xstate';

/**
 * Issue 29: while the inspector scrubs a paused page's timeline, each view renders the snapshot its
 * actor had at the chosen moment (the trace recorder keeps the snapshot objects), not the live one.
 * A view reads its actor through `view(ref)`; `show` pins snapshots by actor session (null: the
 * present again) and tells every view to render. The actors themselves keep running, untouched,
 * until the page resumes from a past moment: `swap` then hands each view its re-run actor.
 */
export interface RecordedViews {
  view(ref: AnyActorRef): AnyActorRef;
  show(snapshots: ReadonlyMap<string, unknown> | null): void;
  /** The sessions currently pinned to a recorded snapshot. */
  pinned(): string[];
  /**
   * The view that reads the actor of session `session` reads `next` from now on: its subscriptions
   * move to it and it renders `next`'s snapshot (pins name the old session: none holds the new one).
   * False when no view reads that actor.
   */
  swap(session: string, next: AnyActorRef): boolean;
}

type Observer = { next?: (snapshot: unknown) => void; error?: (error: unknown) => void };

interface ViewEntry {
  session: string;
  actor: AnyActorRef;
  /** Each of the view's observers, with its subscription to the current actor. */
  observers: Map<Observer, { unsubscribe(): void }>;
}

export function createRecordedViews(): RecordedViews {
  let pins: ReadonlyMap<string, unknown> | null = null;
  const views = new Set<ViewEntry>();
  // While pinned, the live actor's changes do not reach the view: it shows the recorded moment.
  const follow = (entry: ViewEntry, observer: Observer) =>
    entry.actor.subscribe({
      next: (snapshot: unknown) => {
        if (!pins?.has(entry.session)) observer.next?.(snapshot);
      },
      error: (error: unknown) => observer.error?.(error),
    });
  return {
    view(ref) {
      const entry: ViewEntry = { session: ref.sessionId, actor: ref, observers: new Map() };
      views.add(entry);
      const getSnapshot = () => (pins?.has(entry.session) ? pins.get(entry.session) : entry.actor.getSnapshot());
      const subscribe = (listener: Observer | ((snapshot: unknown) => void)) => {
        const observer: Observer = typeof listener === 'function' ? { next: listener } : listener;
        entry.observers.set(observer, follow(entry, observer));
        return {
          unsubscribe() {
            entry.observers.get(observer)?.unsubscribe();
            entry.observers.delete(observer);
          },
        };
      };
      return new Proxy(ref, {
        get(_target, key) {
          if (key === 'getSnapshot') return getSnapshot;
          if (key === 'subscribe') return subscribe;
          const target = entry.actor;
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
    show(snapshots) {
      const before = pins;
      pins = snapshots && snapshots.size > 0 ? snapshots : null;
      for (const { session, observers, actor } of views) {
        if (!before?.has(session) && !pins?.has(session)) continue;
        const shown = pins?.has(session) ? pins.get(session) : actor.getSnapshot();
        for (const observer of [...observers.keys()]) observer.next?.(shown);
      }
    },
    pinned: () => (pins ? [...pins.keys()] : []),
    swap(session, next) {
      let found = false;
      for (const entry of views) {
        if (entry.session !== session) continue;
        found = true;
        for (const subscription of entry.observers.values()) subscription.unsubscribe();
        entry.actor = next;
        entry.session = next.sessionId;
        for (const observer of entry.observers.keys()) entry.observers.set(observer, follow(entry, observer));
        if (!pins?.has(entry.session)) for (const observer of [...entry.observers.keys()]) observer.next?.(next.getSnapshot());
      }
      return found;
    },
  };
}
