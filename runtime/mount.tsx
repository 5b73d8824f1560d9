import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { AnyActorRef } from 'xstate';
import { createIslandActor, type ActorEnv, type IslandActor } from './actor';
import { readSlots } from './slots';
import type { RuntimeWidget } from './widget';

/**
 * The client half of an island: creates the actor with the island's settings, the one clock and
 * the inspector, starts it, and hydrates the prerendered view over it. This module is the first
 * to import React, so a page with no hydrated island never loads React.
 */
export interface MountedIsland {
  /** The island's actor; a page resumed from a past moment (issue 29) puts its re-run actor here. */
  actor: AnyActorRef;
  unmount(): void;
}

export type MountEnv = ActorEnv;

/**
 * Hydrates the island's view. `started` is the actor a behaviour chunk already runs (it keeps
 * running; the view hydrates over the snapshot the prerender showed); without it the actor is
 * created here and starts once its view has hydrated, so a machine never waits for its view
 * (issue 22: no `view.ready` states). A view that throws (while hydrating or later) stops the actor,
 * puts the prerendered nodes back and is reported once: the promise rejects while hydrating,
 * `onFail` is called after.
 */
export function mountIsland(
  element: HTMLElement,
  widget: RuntimeWidget,
  settings: unknown,
  content: unknown,
  env: MountEnv,
  started?: IslandActor,
  onFail: (error: unknown) => void = () => undefined,
): Promise<MountedIsland> {
  const { actor, prerendered } = started ?? createIslandActor(element, widget, settings, content, env);
  // The prerender rendered the actor's initial snapshot; the started actor may already have moved on
  // (a promise settled, an eventless transition). The view hydrates over what the prerender showed.
  // In inspection mode the view reads its actor through the recorded views (a moment pinned on the
  // timeline): it still hydrates over what the page shows, then renders that moment (a behaviour's
  // view hydrated by a scrub, issue 29; a pinned moment rendered at once would not match the markup).
  const view = hydratingView(env.views ? env.views.view(actor) : actor, prerendered);
  const View = widget.View;
  const slots = readSlots(element);
  // React empties a root whose view throws; these nodes (links that work without JS) go back.
  const prerenderedNodes = [...element.childNodes];
  return new Promise((resolve, reject) => {
    const mounted: MountedIsland = { actor, unmount };
    let phase: 'hydrating' | 'hydrated' | 'failed' = 'hydrating';
    const root = hydrateRoot(
      element,
      <Hydrated
        onHydrated={() => {
          if (phase !== 'hydrating') return;
          phase = 'hydrated';
          view.release();
          if (!started) actor.start();
          resolve(mounted);
        }}
      >
        <View actorRef={view.ref} settings={settings} content={content} slots={slots} />
      </Hydrated>,
      {
        identifierPrefix: element.dataset.islandId,
        onRecoverableError(error) {
          env.warn(`[sitecharts] ${widget.name}: the prerendered markup did not match; React re-rendered it. ${String(error)}`);
        },
        onUncaughtError(error) {
          if (phase === 'failed') return;
          const during = phase === 'hydrating';
          phase = 'failed';
          mounted.actor.stop();
          // React may not be unmounted from inside its own error handling; just after, it may.
          queueMicrotask(() => {
            root.unmount();
            element.replaceChildren(...prerenderedNodes);
          });
          if (during) reject(error);
          else onFail(error);
        },
      },
    );
    function unmount() {
      if (phase !== 'failed') root.unmount();
      mounted.actor.stop();
    }
  });
}

/**
 * The actor as its view sees it: until the view has hydrated, its snapshot is the one the prerender
 * rendered (taken before the actor starts), so the first client render equals the prerendered
 * markup (issue 20.7: no hydration mismatch); then the live snapshot, and subscribers are told.
 */
function hydratingView(actor: AnyActorRef, initial: unknown) {
  let hydrating = true;
  const observers = new Set<{ next?: (snapshot: unknown) => void }>();
  const getSnapshot = () => (hydrating ? initial : actor.getSnapshot());
  const subscribe = (listener: { next?: (snapshot: unknown) => void; error?: (error: unknown) => void } | ((snapshot: unknown) => void)) => {
    const observer = typeof listener === 'function' ? { next: listener } : listener;
    observers.add(observer);
    const subscription = actor.subscribe(observer);
    return {
      unsubscribe() {
        observers.delete(observer);
        subscription.unsubscribe();
      },
    };
  };
  const ref = new Proxy(actor, {
    get(target, key) {
      if (key === 'getSnapshot') return getSnapshot;
      if (key === 'subscribe') return subscribe;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    ref,
    release() {
      if (!hydrating) return;
      hydrating = false;
      for (const observer of [...observers]) observer.next?.(actor.getSnapshot());
    },
  };
}

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: React.ReactNode }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return children;
}
