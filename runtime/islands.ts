import type { InspectionEvent } from 'xstate';
import type { Clock } from './clock';
import type { Warn } from './settings';
import type { ActorEnv, IslandActor } from './actor';
import type { RecordedViews } from './recorded-views';
import type { IslandRecord, ResumableIsland } from './island-record';
import { behaviourEntry, type BehaviourRegistry, type Hydration, type RuntimeWidget, type WidgetRegistry } from './widget';
import { INTERACTIONS, PASSIVE, capture, followCompositions, planReplay, replay } from './early-input';
import { nextTask } from './next-task';
import { startFetch } from './start-fetch';
import { NEAR_VIEWPORT_MARGIN } from './waypoint-watch';

/**
 * The island scanner: finds prerendered widgets (`data-widget`) and loads each one's chunk (and
 * React with it, in mount.tsx) only when the visitor needs it (issue 14: a phone pays only for what
 * its visitor uses):
 * - 'visible': near the viewport, for widgets that act on their own once seen (an autoplaying
 *   slideshow, a counter);
 * - 'idle': when the browser is idle after the visitor's first input anywhere on the page (a scroll,
 *   a touch, a key), or soon after load when the address names a fragment the widget may have to
 *   show; for widgets that only answer input (tabs, a filter, a form);
 * - 'interaction': only on the first interaction with the island itself.
 * A widget with a behaviour chunk (BehaviourRegistry) runs its actor at its strategy without React,
 * and its view hydrates when the actor reaches a state the markup does not show. A behaviour that
 * answers input itself (AnsweringBehaviour) takes the visitor's taps and keys too: its island is
 * `answering`, and only `viewNeeded` brings the view.
 * Any strategy hydrates at once on an interaction with the island. What the visitor does before
 * hydration is kept and replayed afterwards (runtime/early-input.ts), so a first click, a ticked box
 * or typed text is never lost; a click that would leave the page (a link, a submit) is held until
 * the widget can handle it (issue 20.1). A view that throws marks its island `failed`, stops its
 * actor, logs one error naming the widget and leaves the prerendered HTML as it was (issue 22).
 * Removing an island from the page unmounts its view and stops its actor.
 */
export interface IslandRuntime {
  registry: WidgetRegistry;
  /** Widgets whose actor may run before their view (and React) loads. */
  behaviours?: BehaviourRegistry;
  clock: Clock;
  inspect?: (event: InspectionEvent) => void;
  /** Inspection mode: what the views read, so the inspector can show them a recorded moment. */
  views?: RecordedViews;
  random?: () => number;
  /** The page's seed: each actor draws random numbers from its own generator seeded from it (runtime/random.ts). */
  seed?: number;
  /** Records what an actor is given outside its events (runtime/actor.ts). */
  note?: ActorEnv['note'];
  warn?: Warn;
  /** How far outside the viewport a 'visible' island starts loading. */
  rootMargin?: string;
}

export interface IslandReport {
  actors: Array<{ widget: string; id: string; state: unknown }>;
  timers: number;
}

export interface IslandController {
  /** Hydrates every island now, whatever its strategy (tests, and the print view). */
  hydrateAll(): Promise<void>;
  /**
   * Starts every island now as a visitor's use of the page leaves it: hydrated, or `answering` where
   * its behaviour answers input itself (benchmarks measure what visitors get, not the view it skips).
   */
  activateAll(): Promise<void>;
  /** Hydrates one island now, whatever its strategy (the inspector's Load button, issue 29). */
  load(element: HTMLElement): Promise<void>;
  /** Resolves when every island that has started loading has hydrated. */
  settled(): Promise<void>;
  report(): IslandReport;
  /**
   * Issue 29: every hydrated island with what makes its actor again (runtime/resume.ts); an island
   * whose behaviour runs without its view hydrates first, so that every view can take a new actor.
   */
  resumable(): Promise<ResumableIsland[]>;
  /**
   * Issue 29: hydrates every island whose behaviour runs without its view, so that a page scrubbed
   * on the inspector's timeline shows each recorded moment (a behaviour's DOM binding follows its
   * live actor; the view renders the pinned snapshot).
   */
  hydrateBehaviours(): Promise<void>;
  stop(): void;
}


export type { ResumableIsland } from './island-record';

export const ISLAND_SELECTOR = '[data-widget]';
const HYDRATIONS: readonly Hydration[] = ['visible', 'idle', 'interaction'];
/** Kept input a visitor expects an answer to (a field's own typing shows by itself). */
const ACKNOWLEDGED: ReadonlySet<string> = new Set(['click', 'submit', 'keydown']);
/** What a kept tap pressed: the control it landed in. */
const PRESSABLE = 'button, a[href], [role="button"], [role="tab"], [role="link"], summary, label';
/** Where the browser has no requestIdleCallback, 'idle' islands load this long after the page is in use. */
const IDLE_FALLBACK_MS = 200;
/** Input anywhere on the page after which 'idle' islands may load: the visitor has started to use it. */
const PAGE_INPUTS = ['scroll', 'wheel', 'pointerdown', 'touchstart', 'keydown'] as const;


export function startIslands(root: HTMLElement, runtime: IslandRuntime): IslandController {
  const warn = runtime.warn ?? ((message: string) => console.warn(message));
  const random = runtime.random ?? Math.random;
  const islands = new Map<HTMLElement, IslandRecord>();
  const visibility =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const record = islands.get(entry.target as HTMLElement);
              if (entry.isIntersecting && record) void afterAwaited().then(() => activate(record));
            }
          },
          { rootMargin: runtime.rootMargin ?? NEAR_VIEWPORT_MARGIN },
        )
      : undefined;

  /** Resolves at the visitor's first input on the page, or at once when the address names a fragment. */
  const pageInUse = new Promise<void>((resolve) => {
    if (typeof window === 'undefined' || window.location.hash.length > 1) return resolve();
    const done = () => {
      for (const type of PAGE_INPUTS) window.removeEventListener(type, done, { capture: true });
      resolve();
    };
    for (const type of PAGE_INPUTS) window.addEventListener(type, done, { capture: true, passive: true });
  });

  /**
   * Issue 35, goal 2: islands the visitor touched before they hydrated, loading. The visitor waits
   * for them; the islands whose strategy fires meanwhile (the same first tap lets every 'idle' island
   * load) wait until they have hydrated, so that their chunks do not share a slow phone's few
   * connections and its bandwidth with the ones the visitor is waiting for.
   */
  const awaited = new Set<Promise<void>>();
  const afterAwaited = async () => {
    while (awaited.size > 0) await Promise.all(awaited);
  };

  /** The browser's idle callback, or (where there is none) 200 ms on the clock. */
  const whenIdle = (fn: () => void) => (globalThis.requestIdleCallback ? globalThis.requestIdleCallback(fn) : runtime.clock.setTimeout(fn, IDLE_FALLBACK_MS));

  function strategyOf(element: HTMLElement, widget: RuntimeWidget | undefined): Hydration {
    const asked = element.dataset.hydrate;
    if (asked === undefined) return widget?.hydrate ?? 'visible';
    if ((HYDRATIONS as readonly string[]).includes(asked)) return asked as Hydration;
    warn(`[sitecharts] ${element.dataset.widget}: data-hydrate="${asked}" is not one of visible, idle, interaction; using 'visible'.`);
    return 'visible';
  }

  function track(element: HTMLElement) {
    const widget = element.dataset.widget ?? '';
    if (islands.has(element) || element.dataset.island === 'hydrated') return;
    const record: IslandRecord = { element, widget, queued: [], detach: [] };
    islands.set(element, record);
    if (!(widget in runtime.registry)) {
      warn(`[sitecharts] no widget named '${widget}' is registered; the island stays static.`);
      element.dataset.island = 'unknown';
      return;
    }
    element.dataset.island = 'waiting';
    // Issue 35, goal 2: a behaviour that answers input takes the first tap itself, and no view loads for it.
    const answers = answersInput(widget);
    for (const type of INTERACTIONS) {
      const listener = (event: Event) => {
        if (record.mounted || record.handedOver || record.answering) return;
        const kept = capture(event, element, record.queued);
        // A modified click (new tab) is the browser's alone: it is not kept and does not hydrate the island.
        if (event.type === 'click' && !kept) return;
        if (kept && ACKNOWLEDGED.has(event.type)) acknowledge(record, event.target);
        const loading = answers ? run(record).then(() => undefined) : hydrate(record);
        if (!awaited.has(loading)) {
          awaited.add(loading);
          void loading.finally(() => awaited.delete(loading));
        }
      };
      element.addEventListener(type, listener, { capture: true, passive: PASSIVE.has(type) });
      record.detach.push(() => element.removeEventListener(type, listener, { capture: true }));
    }
    record.detach.push(followCompositions(element));
    // The strategy is read without loading the chunk: only data-hydrate decides until it loads.
    const strategy = strategyOf(element, undefined);
    if (strategy === 'visible') {
      if (visibility) {
        visibility.observe(element);
        record.detach.push(() => visibility.unobserve(element));
      } else void activate(record);
    } else if (strategy === 'idle') {
      void pageInUse.then(() => {
        // A behaviour that answers input, near the viewport, is a small chunk the visitor's next tap
        // may wait for: asked for as the page comes into use, ahead of the idle islands' views and
        // React on a phone's few connections; further away, when the browser is idle, as the others.
        if (answers && visibility) {
          visibility.observe(element);
          record.detach.push(() => visibility.unobserve(element));
        }
        whenIdle(() => void afterAwaited().then(() => activate(record)));
      });
    }
  }

  /** Whether the widget's behaviour answers the visitor's input itself (AnsweringBehaviour). */
  function answersInput(widget: string): boolean {
    const entry = runtime.behaviours?.[widget];
    return entry !== undefined && behaviourEntry(entry).answersInput;
  }

  const actorEnv = (): ActorEnv => ({ clock: runtime.clock, random, warn, inspect: runtime.inspect, seed: runtime.seed, note: runtime.note, views: runtime.views });

  /** The island's strategy fired: run its behaviour if it has one, else hydrate it. */
  function activate(record: IslandRecord): Promise<void> {
    return runtime.behaviours?.[record.widget] ? run(record).then(() => undefined) : hydrate(record);
  }

  /** Starts the behaviour's actor against the prerendered markup; the view follows when needed. */
  function run(record: IslandRecord) {
    record.running ??= (async (): Promise<(IslandActor & { settings: unknown; content: unknown }) | undefined> => {
      const entry = runtime.behaviours?.[record.widget];
      if (!entry) return undefined;
      const { load, answersInput: answers, fetches } = behaviourEntry(entry);
      for (const url of fetches) void startFetch(url);
      const [{ default: behaviour }, { createIslandActor }] = await Promise.all([load(), import('./actor')]);
      // Issue 49, goal 2: each island starts in a task of its own, not in the one that resolved the
      // chunks of several (a page's islands put in use together took 50-74 ms in one task at 4x).
      await nextTask();
      if (!islands.has(record.element) || record.loading) return undefined; // removed, or the view came first
      const settings = behaviour.settings.parse(record.element.dataset, warn);
      const content = readContent(record.element, warn);
      const started = createIslandActor(record.element, behaviour, settings, content, actorEnv());
      const { bind, connect } = behaviour;
      // A behaviour that answers input draws every state itself: without viewNeeded, no state needs the view.
      const viewNeeded = behaviour.viewNeeded ?? (() => !answers);
      const draw = (snapshot: unknown) => {
        bind?.(record.element, snapshot, content);
        record.drawn = snapshot;
      };
      const watch = started.actor.subscribe({
        next: (snapshot: unknown) => {
          // From hydrateRoot on the markup is React's: a state drawn while it hydrates would not match.
          if (record.mounted || record.handedOver) return;
          // An event no transition took leaves the snapshot it had, and XState tells its observers all
          // the same (a press anywhere tells the header search; focus moving tells a slider): the
          // state drawn is already on the page, and drawing it again is work in the visitor's tap.
          if (snapshot === record.drawn) return;
          if (!answers || !viewNeeded(snapshot, started.prerendered)) draw(snapshot);
          // A state an answering behaviour does not draw is the view's: it hydrates over the last one drawn.
          if (viewNeeded(snapshot, started.prerendered)) void hydrate(record);
        },
        // An actor that throws (bad content its input cannot read) fails its island, once, as a view that throws does.
        error: (error: unknown) => fail(record, error),
      });
      record.detach.push(() => watch.unsubscribe());
      record.runningActor = started.actor;
      started.actor.start();
      // The start told the observer above its first state, which drew it (but where only the view shows it).
      const first = started.actor.getSnapshot();
      if (record.drawn !== first) draw(first);
      if (connect) record.detach.push(connect(record.element, started.actor, content));
      record.element.dataset.island = answers ? 'answering' : 'running';
      if (answers) answer(record);
      return { ...started, settings, content };
    })().catch((error: unknown) => {
      fail(record, error);
      return undefined;
    });
    return record.running;
  }

  function hydrate(record: IslandRecord): Promise<void> {
    record.loading ??= (async () => {
      const load = runtime.registry[record.widget];
      // Asked for at once, beside a behaviour still on its way (issue 35, goal 2: a tap on the hero
      // while its behaviour's chunks arrive waited for them, then for the view's, a round trip each).
      const chunks = load && Promise.all([load(), import('./mount')]);
      chunks?.catch(() => undefined);
      const running = await record.running;
      if (record.failed || !chunks) return;
      record.element.dataset.island = 'loading';
      const [{ default: widget }, { mountIsland }] = await chunks;
      await nextTask(); // a task of its own, as a behaviour's start (above)
      if (!islands.has(record.element)) return; // removed while loading
      const settings = running ? running.settings : widget.settings.parse(record.element.dataset, warn);
      const content = running ? running.content : readContent(record.element, warn);
      record.made = { widget, settings, content };
      // React hydrates the controls as the prerender wrote them: the pressed mark is not one of its attributes.
      record.element.querySelector('[data-sc-pressed]')?.removeAttribute('data-sc-pressed');
      record.handedOver = true;
      // An answering behaviour has drawn each state on the markup as the view renders it (tested per
      // widget): the view hydrates over the state the page shows now (the last one drawn, where a
      // later state needed the view), not the prerendered one.
      const shown = running && record.answering ? { ...running, prerendered: record.drawn ?? running.actor.getSnapshot() } : running;
      record.mounted = await mountIsland(record.element, widget, settings, content, actorEnv(), shown, (error) => fail(record, error));
      record.element.dataset.island = 'hydrated';
      endCapture(record, true);
    })().catch((error: unknown) => fail(record, error));
    return record.loading;
  }

  /**
   * Issue 35 goal 2: a tap or key the island keeps until its view has loaded (on a slow phone, a
   * second or more) shows at once that it was heard: the island is busy (`aria-busy`) until the view
   * has answered it, and the control pressed (`data-sc-pressed`; the shell's CSS dims it) until React
   * takes the island.
   */
  function acknowledge(record: IslandRecord, target: EventTarget | null) {
    if (record.acknowledged) return;
    const control = target instanceof Element ? target.closest(PRESSABLE) : null;
    record.element.setAttribute('aria-busy', 'true');
    control?.setAttribute('data-sc-pressed', '');
    record.acknowledged = () => {
      record.element.removeAttribute('aria-busy');
      control?.removeAttribute('data-sc-pressed');
    };
  }

  /**
   * The behaviour answers input from now on (AnsweringBehaviour): what the visitor did while its chunk
   * was on its way is done again, to its listeners on the prerendered markup.
   */
  function answer(record: IslandRecord) {
    record.answering = true;
    record.acknowledged?.();
    record.acknowledged = undefined;
    replay(planReplay(record.queued.splice(0), record.element), true);
  }

  /** Stops listening for early input and replays what was kept: to the view, or (failed) to the browser. */
  function endCapture(record: IslandRecord, hydrated: boolean) {
    record.acknowledged?.();
    record.acknowledged = undefined;
    for (const detach of record.detach.splice(0)) detach();
    replay(planReplay(record.queued.splice(0), record.element), hydrated);
  }

  /**
   * A view that throws (while hydrating or later), or a widget that could not load: loud, once. The
   * actor stops, the prerendered HTML stays (mount.tsx puts it back), held links and forms go to the browser.
   */
  function fail(record: IslandRecord, error: unknown) {
    if (record.failed) return;
    record.failed = true;
    record.element.dataset.island = 'failed';
    record.runningActor?.stop();
    record.runningActor = undefined;
    record.mounted = undefined;
    const id = record.element.dataset.islandId;
    console.error(`[sitecharts] ${record.widget}${id ? ` (island ${id})` : ''} failed: its view could not hydrate or threw; the prerendered HTML stays.`, error);
    endCapture(record, false);
  }

  function untrack(element: HTMLElement) {
    const record = islands.get(element);
    if (!record) return;
    islands.delete(element);
    for (const detach of record.detach.splice(0)) detach();
    if (record.mounted) record.mounted.unmount();
    else record.runningActor?.stop();
    record.mounted = undefined;
  }

  const mutations =
    typeof MutationObserver === 'function'
      ? new MutationObserver((records) => {
          for (const mutation of records) {
            mutation.removedNodes.forEach((node) => {
              if (!(node instanceof HTMLElement)) return;
              for (const element of islandsIn(node)) if (!element.isConnected) untrack(element);
            });
            mutation.addedNodes.forEach((node) => {
              if (node instanceof HTMLElement) for (const element of islandsIn(node)) if (!islands.has(element)) track(element);
            });
          }
        })
      : undefined;

  for (const element of islandsIn(root)) track(element);
  mutations?.observe(root, { childList: true, subtree: true });

  async function hydrateBehaviours() {
    await Promise.all([...islands.values()].filter((r) => r.runningActor && !r.mounted && !r.failed).map(hydrate));
  }

  return {
    async hydrateAll() {
      await Promise.all([...islands.values()].filter((r) => r.widget in runtime.registry).map(hydrate));
    },
    async activateAll() {
      await Promise.all([...islands.values()].filter((r) => r.widget in runtime.registry).map((r) => (answersInput(r.widget) ? run(r).then(() => undefined) : hydrate(r))));
    },
    async load(element) {
      const record = islands.get(element);
      if (record && record.widget in runtime.registry) await hydrate(record);
    },
    async settled() {
      await Promise.all([...islands.values()].map((r) => r.running));
      await Promise.all([...islands.values()].map((r) => r.loading));
    },
    report() {
      const actors = [...islands.values()].flatMap((record) => {
        const actor = record.mounted?.actor ?? record.runningActor;
        return actor ? [{ widget: record.widget, id: actor.id, state: actor.getSnapshot().value }] : [];
      });
      return { actors, timers: runtime.clock.pending() };
    },
    hydrateBehaviours,
    async resumable() {
      await hydrateBehaviours();
      const { resumableIslands } = await import('./resume-islands');
      return resumableIslands([...islands.values()], actorEnv(), runtime.views);
    },
    stop() {
      mutations?.disconnect();
      visibility?.disconnect();
      for (const element of [...islands.keys()]) untrack(element);
    },
  };
}


function islandsIn(node: HTMLElement): HTMLElement[] {
  const found = [...node.querySelectorAll<HTMLElement>(ISLAND_SELECTOR)];
  return node.matches(ISLAND_SELECTOR) ? [node, ...found] : found;
}

/** Content props the prerender wrote beside the island (`<script type="application/json">`). */
export function readContent(element: HTMLElement, warn: Warn): unknown {
  const script = element.nextElementSibling;
  if (!(script instanceof HTMLScriptElement) || !script.hasAttribute('data-island-content')) return undefined;
  try {
    return JSON.parse(script.textContent ?? '');
  } catch {
    warn(`[sitecharts] ${element.dataset.widget}: its content script is not valid JSON; the widget gets none.`);
    return undefined;
  }
}
