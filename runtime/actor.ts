import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { pageActorId } from './ids';
import type { FactSource } from './inspect';
import { actorSeed, seededRandom } from './random';
import type { RecordedViews } from './recorded-views';
import type { ActorGate } from './resume';
import { noteTyped, type RuntimeBehaviour, type WidgetEnv } from './widget';

/**
 * An island's actor, created without React: its settings, the one clock, the inspector and the
 * widget's adapters. mount.tsx hydrates a view over it; a behaviour chunk runs it before any view.
 */
export interface ActorEnv extends WidgetEnv {
  inspect?: (event: InspectionEvent) => void;
  /** Inspection mode: views read their actor through it, to show a recorded moment (issue 29). */
  views?: RecordedViews;
  /**
   * The page's seed (issue 28): each actor then draws from its own generator, seeded from it and
   * the actor's id, instead of \`random\`.
   */
  seed?: number;
  /** Records what the actor was given outside its events (the trace recorder's \`note\`). */
  note?: (actor: FactSource, name: string, value: unknown) => void;
  /** The actor's id; by default the next `<widget>-<n>` (a resumed page makes an actor again under its old id). */
  id?: string;
  /** A page resumed from a past moment re-runs the actor through this gate (runtime/resume.ts). */
  gate?: ActorGate;
  /**
   * The actor's input as given, laid over the one made from the island's settings and content: a
   * scenario replayed on the page runs with its own input (issue 28), a file's JSON, which keeps the
   * functions the widget gives (`now`, `random`).
   */
  input?: unknown;
}

export interface IslandActor {
  actor: AnyActorRef;
  /** The snapshot before start: what the prerender rendered (same settings, same input). */
  prerendered: unknown;
}

export function createIslandActor(element: HTMLElement, widget: RuntimeBehaviour, settings: unknown, content: unknown, env: ActorEnv): IslandActor {
  const { inspect, seed: page, note, views: _views, id: givenId, gate, input: givenInput, ...given } = env;
  const id = givenId ?? pageActorId(widget.name);
  const seed = page === undefined ? undefined : actorSeed(page, id);
  const widgetEnv: WidgetEnv = seed === undefined ? given : { ...given, random: seededRandom(seed) };
  // XState resolves the initial state (and its guards) as it creates the actor: what is read before
  // the actor exists is noted once it does.
  const self: { ref?: FactSource } = {};
  const early: Array<[string, unknown]> = [];
  const record = (name: string, value: unknown) => {
    if (self.ref) note?.(self.ref, name, value);
    else early.push([name, value]);
  };
  const adapters = widget.provide?.({ ...widgetEnv, element, translations: contentTranslations(content) });
  const provided = gate ? gate.implementations(adapters) : adapters;
  const implementations = note ? recordingGuards(provided, record) : provided;
  const logic = implementations ? widget.machine.provide(implementations as Parameters<typeof widget.machine.provide>[0]) : widget.machine;
  const built = widget.input(settings, content, widgetEnv);
  // A replayed scenario's input is JSON: what it cannot hold (the clock's now, random) stays the page's.
  const input = givenInput === undefined ? built : { ...(built as object), ...(givenInput as object) };
  const actor = createActor(logic, { id, input, clock: env.clock, inspect });
  self.ref = actor;
  const { typed } = widget;
  if (typed) noteTyped(actor.sessionId, (event, mask) => typed(event, mask, settings, content));
  if (seed !== undefined) note?.(actor, 'random.seed', seed);
  for (const [name, value] of early) note?.(actor, name, value);
  return { actor, prerendered: actor.getSnapshot() };
}

/**
 * A widget's own guards read the page (are the slide's images loaded, is this a phone, is the
 * cookie set): each answer is recorded as a fact, so a saved scenario replays the page's answers
 * (issue 28). The machine's guards are pure and need no recording.
 */
function recordingGuards(provided: unknown, record: (name: string, value: unknown) => void): unknown {
  if (typeof provided !== 'object' || provided === null || !('guards' in provided)) return provided;
  const { guards } = provided;
  if (typeof guards !== 'object' || guards === null) return provided;
  const wrapped = Object.fromEntries(
    Object.entries(guards).map(([name, guard]) => [
      name,
      typeof guard === 'function'
        ? (...args: unknown[]) => {
            const answer: unknown = guard(...args);
            record(name, answer);
            return answer;
          }
        : guard,
    ]),
  );
  return { ...provided, guards: wrapped };
}

/** The content's labels in the page's language, if it carries any (runtime/render/Island.tsx writes them). */
function contentTranslations(content: unknown): Readonly<Record<string, string>> | undefined {
  if (typeof content !== 'object' || content === null || !('translations' in content)) return undefined;
  const { translations } = content;
  if (typeof translations !== 'object' || translations === null) return undefined;
  return Object.fromEntries(Object.entries(translations).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
