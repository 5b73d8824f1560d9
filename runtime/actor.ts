import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { RuntimeBehaviour, WidgetEnv } from './widget';

/**
 * An island's actor, created without React: its settings, the one clock, the inspector and the
 * widget's adapters. mount.tsx hydrates a view over it; a behaviour chunk runs it before any view.
 */
export interface ActorEnv extends WidgetEnv {
  inspect?: (event: InspectionEvent) => void;
}

export interface IslandActor {
  actor: AnyActorRef;
  /** The snapshot before start: what the prerender rendered (same settings, same input). */
  prerendered: unknown;
}

/** Island actors are numbered per widget: dosing-filter-1, ajax-form-1, ajax-form-2. */
const islandCounts = new Map<string, number>();

export function createIslandActor(element: HTMLElement, widget: RuntimeBehaviour, settings: unknown, content: unknown, env: ActorEnv): IslandActor {
  const { inspect, ...widgetEnv } = env;
  const implementations = widget.provide?.({ ...widgetEnv, element, translations: contentTranslations(content) });
  const logic = implementations ? widget.machine.provide(implementations as Parameters<typeof widget.machine.provide>[0]) : widget.machine;
  const actor = createActor(logic, {
    id: `${widget.name}-${nextCount(widget.name)}`,
    input: widget.input(settings, content, widgetEnv),
    clock: env.clock,
    inspect,
  });
  return { actor, prerendered: actor.getSnapshot() };
}

/** The content's labels in the page's language, if it carries any (runtime/render/Island.tsx writes them). */
function contentTranslations(content: unknown): Readonly<Record<string, string>> | undefined {
  if (typeof content !== 'object' || content === null || !('translations' in content)) return undefined;
  const { translations } = content;
  if (typeof translations !== 'object' || translations === null) return undefined;
  return Object.fromEntries(Object.entries(translations).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function nextCount(widget: string): number {
  const n = (islandCounts.get(widget) ?? 0) + 1;
  islandCounts.set(widget, n);
  return n;
}
