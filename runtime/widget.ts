import type { ComponentType } from 'react';
import type { ActorRefFrom, AnyActorRef, AnyEventObject, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import type { Clock } from './clock';
import type { Slots } from './slots';
import type { SettingsOf, SettingsSchema, SettingsShape, Warn } from './settings';

/** When an island's chunk loads: scrolled near the viewport, when the browser is idle, or on first use. */
export type Hydration = 'visible' | 'idle' | 'interaction';

/** What the runtime hands a widget: the one clock, injected randomness, the warning sink. */
export interface WidgetEnv {
  clock: Clock;
  random: () => number;
  warn: Warn;
}

/** On the client the adapters also get the island's element (for its id, its links, its form). */
export interface ClientEnv extends WidgetEnv {
  element: HTMLElement;
  /**
   * The labels the island's content carries in the page's language (`content.translations`), for
   * adapters that write text themselves (a popup's title, a player's error): lay them over the
   * widget's English defaults with `translate` (runtime/translations.ts).
   */
  translations?: Readonly<Record<string, string>>;
}

export interface WidgetViewProps<M extends AnyStateMachine, S extends SettingsShape, C> {
  actorRef: ActorRefFrom<M>;
  settings: SettingsOf<S>;
  content: C;
  /** Prerendered HTML by slot name (runtime/slots.tsx); empty when the island has none. */
  slots: Slots;
}

/**
 * One widget: its settings schema, its statechart, how settings become the machine's input, the
 * adapters it provides for the machine's effects, and its thin view.
 */
export interface WidgetDefinition<M extends AnyStateMachine, S extends SettingsShape, C> {
  name: string;
  settings: SettingsSchema<S>;
  machine: M;
  input(settings: SettingsOf<S>, content: C, env: WidgetEnv): InputFrom<M>;
  /** Implementations for the machine's named actions/actors/guards; called on the client only. */
  provide?(env: ClientEnv): Parameters<M['provide']>[0];
  View: ComponentType<WidgetViewProps<M, S, C>>;
  /** Default hydration; a page can override it per island with data-hydrate. */
  hydrate?: Hydration;
  /**
   * The English default of every label the view renders itself, by key (runtime/translations.ts);
   * the prerender lays the page language's table for this widget over it as `content.translations`.
   */
  translations?: Readonly<Record<string, string>>;
  /**
   * For a widget that also has a behaviour chunk (BehaviourRegistry): whether the running actor has
   * reached a state the prerendered markup does not show, so the view (and React) must load now. A
   * behaviour that answers input does not draw such a state: its view hydrates over the last state
   * its `bind` drew, then shows this one.
   */
  viewNeeded?(now: SnapshotFrom<M>, prerendered: SnapshotFrom<M>): boolean;
  /**
   * A DOM binding for the few states a behaviour shows before its view loads (a reveal class on
   * prerendered items): called with each snapshot until the view hydrates, and drawing exactly what
   * the view would, so the view takes over without a change. `content` is the island's, as the view
   * gets it (the labels a state's text is written with).
   */
  bind?(element: HTMLElement, snapshot: SnapshotFrom<M>, content: C): void;
  /**
   * What the view's effects would send before the view exists (a waypoint's `view.enter`), and the
   * handlers of a behaviour that answers input: started with the behaviour's actor (with the island's
   * content), stopped when the view hydrates (the view's own effects and handlers take over).
   */
  connect?(element: HTMLElement, actor: ActorRefFrom<M>, content: C): () => void;
  /**
   * Issue 51, privacy by default: the event as a problem report records it, with every text the
   * visitor typed (or a server's answer repeats) passed through `mask` (runtime/report/mask.ts keeps its length and shape, so the
   * machine takes the same path on replay). A widget whose events carry typed text declares it;
   * its settings may mark the field safe (the dosing weight), and then the event is kept as it is;
   * its content says which fields are not typed (a captcha, a select).
   */
  typed?(event: AnyEventObject, mask: Masks, settings: SettingsOf<S>, content: C): AnyEventObject;
}

/** A widget without its view: what runs against the prerendered markup before React loads. */
export type WidgetBehaviour<M extends AnyStateMachine, S extends SettingsShape, C> = Omit<WidgetDefinition<M, S, C>, 'View'>;

/** Issue 51: how a widget's `typed` hides text (runtime/report/mask.ts). */
export interface Masks {
  /** One text, its length and shape kept. */
  text(text: string): string;
  /** Every string in a value. */
  all<T>(value: T): T;
  /** An HTML answer's text and field values; its tags and classes kept. */
  html(html: string): string;
}

/** Issue 51: a widget's `typed` with an island's settings and content, as a problem report applies it (mask.ts). */
export type TypedRule = (event: AnyEventObject, mask: Masks) => AnyEventObject;

/**
 * Issue 51: the typed rule of each actor made from a widget that declares one, by the actor's
 * session: noted by runtime/actor.ts as it makes the actor, read by a problem report (collect.ts).
 * Here, in the chunk the entry already loads, so no page asks for a chunk of its own for it.
 */
const typedRules = new Map<string, TypedRule>();

export function noteTyped(session: string, rule: TypedRule): void {
  typedRules.set(session, rule);
}

export function typedRule(session: string): TypedRule | undefined {
  return typedRules.get(session);
}

/** The same definition seen by the runtime, which treats every widget alike. */
export interface RuntimeWidget {
  name: string;
  settings: { parse(attributes: Readonly<Record<string, string | undefined>>, warn?: Warn): unknown; defaults(): unknown };
  machine: AnyStateMachine;
  input(settings: unknown, content: unknown, env: WidgetEnv): unknown;
  provide?(env: ClientEnv): unknown;
  View: ComponentType<{ actorRef: AnyActorRef; settings: unknown; content: unknown; slots: Slots }>;
  hydrate?: Hydration;
  translations?: Readonly<Record<string, string>>;
  viewNeeded?(now: unknown, prerendered: unknown): boolean;
  bind?(element: HTMLElement, snapshot: unknown, content: unknown): void;
  connect?(element: HTMLElement, actor: AnyActorRef, content: unknown): () => void;
  typed?(event: AnyEventObject, mask: Masks, settings: unknown, content: unknown): AnyEventObject;
}

export type RuntimeBehaviour = Omit<RuntimeWidget, 'View'>;

/**
 * Declares a widget, a widget module's default export: the definition unchanged, typed so that its
 * settings, its machine's input and its view's props agree.
 */
export function defineWidget<M extends AnyStateMachine, S extends SettingsShape, C = undefined>(
  definition: WidgetDefinition<M, S, C>,
): WidgetDefinition<M, S, C> & RuntimeWidget {
  return definition as WidgetDefinition<M, S, C> & RuntimeWidget;
}

/**
 * Declares a widget's behaviour without its view (a BehaviourRegistry module): its actor runs
 * against the prerendered markup until the view is needed.
 */
export function defineBehaviour<M extends AnyStateMachine, S extends SettingsShape, C = undefined>(
  definition: WidgetBehaviour<M, S, C>,
): WidgetBehaviour<M, S, C> & RuntimeBehaviour {
  return definition as WidgetBehaviour<M, S, C> & RuntimeBehaviour;
}

/** Lazy widget modules by name: each entry is its own chunk. */
export type WidgetRegistry = Readonly<Record<string, () => Promise<{ default: RuntimeWidget }>>>;

/** Loads a behaviour module (its own chunk). */
export type BehaviourLoader = () => Promise<{ default: RuntimeBehaviour }>;

/**
 * Issue 35, goal 2: a behaviour that answers the visitor's input itself, without its view (the
 * resumability of islands): its `connect` listens to the prerendered controls and sends the machine's
 * events, its `bind` draws every state the view would. A tap or key on its island goes to it (kept,
 * and replayed to it, while its chunk is on its way: one small chunk, not React's), and the view
 * loads only when `viewNeeded` says so. Declared in the registry, so the page knows before any chunk
 * has loaded.
 */
export interface AnsweringBehaviour {
  answersInput: true;
  load: BehaviourLoader;
  /**
   * Same-origin URLs the behaviour fetches as it starts, before it can answer (the donate button's
   * /site-config.json): asked for beside its chunk, so the first tap does not wait one round trip
   * more once the chunk has arrived; the behaviour takes the JSON with `startFetch` (runtime/start-fetch.ts).
   */
  fetches?: readonly string[];
}

/**
 * Lazy behaviour modules (no view, no React) for the widgets that must act before the visitor does,
 * such as the image gallery's stagger: their actor starts at the island's strategy; the view loads when
 * `viewNeeded` says so or the visitor interacts with the island (unless the behaviour answers input
 * itself: `AnsweringBehaviour`).
 */
export type BehaviourRegistry = Readonly<Record<string, BehaviourLoader | AnsweringBehaviour>>;

/** The registry entry's loader, whether the behaviour answers input, and what it fetches as it starts. */
export function behaviourEntry(entry: BehaviourLoader | AnsweringBehaviour): { load: BehaviourLoader; answersInput: boolean; fetches: readonly string[] } {
  return typeof entry === 'function' ? { load: entry, answersInput: false, fetches: [] } : { fetches: [], ...entry };
}
