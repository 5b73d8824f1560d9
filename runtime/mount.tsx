import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { readSlots } from './slots';
import type { RuntimeWidget, WidgetEnv } from './widget';

/**
 * The client half of an island: creates the actor with the island's settings, the one clock and
 * the inspector, starts it, and hydrates the prerendered view over it. This module is the first
 * to import React, so a page with no hydrated island never loads React.
 */
export interface MountedIsland {
  actor: AnyActorRef;
  unmount(): void;
}

export interface MountEnv extends WidgetEnv {
  inspect?: (event: InspectionEvent) => void;
}

/** Island actors are numbered per widget: dosing-filter-1, ajax-form-1, ajax-form-2. */
const islandCounts = new Map<string, number>();

export function mountIsland(
  element: HTMLElement,
  widget: RuntimeWidget,
  settings: unknown,
  content: unknown,
  env: MountEnv,
): Promise<MountedIsland> {
  const { inspect, ...widgetEnv } = env;
  const implementations = widget.provide?.({ ...widgetEnv, element });
  const logic = implementations ? widget.machine.provide(implementations as Parameters<typeof widget.machine.provide>[0]) : widget.machine;
  const actor = createActor(logic, {
    id: `${widget.name}-${nextCount(widget.name)}`,
    input: widget.input(settings, content, widgetEnv),
    clock: env.clock,
    inspect,
  });
  actor.start();
  const View = widget.View;
  const slots = readSlots(element);
  return new Promise((resolve) => {
    const root = hydrateRoot(
      element,
      <Hydrated onHydrated={() => resolve({ actor, unmount })}>
        <View actorRef={actor} settings={settings} content={content} slots={slots} />
      </Hydrated>,
      {
        identifierPrefix: element.dataset.islandId,
        onRecoverableError(error) {
          env.warn(`[sitecharts] ${widget.name}: the prerendered markup did not match; React re-rendered it. ${String(error)}`);
        },
      },
    );
    function unmount() {
      root.unmount();
      actor.stop();
    }
  });
}

function nextCount(widget: string): number {
  const n = (islandCounts.get(widget) ?? 0) + 1;
  islandCounts.set(widget, n);
  return n;
}

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: React.ReactNode }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return children;
}
