import type { AnyActorRef } from 'xstate';

/**
 * Issue 29: while the inspector scrubs a paused page's timeline, each view renders the snapshot its
 * actor had at the chosen moment (the trace recorder keeps the snapshot objects), not the live one.
 * A view reads its actor through `view(ref)`; `show` pins snapshots by actor session (null: the
 * present again) and tells every view to render. The actors themselves keep running, untouched.
 */
export interface RecordedViews {
  view(ref: AnyActorRef): AnyActorRef;
  show(snapshots: ReadonlyMap<string, unknown> | null): void;
  /** The sessions currently pinned to a recorded snapshot. */
  pinned(): string[];
}

type Observer = { next?: (snapshot: unknown) => void; error?: (error: unknown) => void };

export function createRecordedViews(): RecordedViews {
  let pins: ReadonlyMap<string, unknown> | null = null;
  const views = new Set<{ session: string; observers: Set<Observer>; live: () => unknown }>();
  return {
    view(ref) {
      const session = ref.sessionId;
      const observers = new Set<Observer>();
      const entry = { session, observers, live: () => ref.getSnapshot() as unknown };
      views.add(entry);
      const getSnapshot = () => (pins?.has(session) ? pins.get(session) : ref.getSnapshot());
      const subscribe = (listener: Observer | ((snapshot: unknown) => void)) => {
        const observer: Observer = typeof listener === 'function' ? { next: listener } : listener;
        observers.add(observer);
        // While pinned, the live actor's changes do not reach the view: it shows the recorded moment.
        const subscription = ref.subscribe({
          next: (snapshot: unknown) => {
            if (!pins?.has(session)) observer.next?.(snapshot);
          },
          error: (error: unknown) => observer.error?.(error),
        });
        return {
          unsubscribe() {
            observers.delete(observer);
            subscription.unsubscribe();
          },
        };
      };
      return new Proxy(ref, {
        get(target, key) {
          if (key === 'getSnapshot') return getSnapshot;
          if (key === 'subscribe') return subscribe;
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
    show(snapshots) {
      const before = pins;
      pins = snapshots && snapshots.size > 0 ? snapshots : null;
      for (const { session, observers, live } of views) {
        if (!before?.has(session) && !pins?.has(session)) continue;
        const shown = pins?.has(session) ? pins.get(session) : live();
        for (const observer of [...observers]) observer.next?.(shown);
      }
    },
    pinned: () => (pins ? [...pins.keys()] : []),
  };
}
