import { createBrowserInspector } from '@statelyai/inspect';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { Clock, TestClock } from './clock';
import { combineInspectors, createTraceRecorder, type TraceEntry, type TraceRecorder } from './inspect';
import type { IslandController } from './islands';
import type { IslandInfo, Moment } from '../machines/inspector/timeline';
import { toMoment } from './moments';
import { createRecordedViews, type RecordedViews } from './recorded-views';
import { actorInput, jsonInput, pageActors, pageScenarioFromTrace, replayName, scenarioFromTrace } from './replay/record';
import type { PageScenario } from './replay/scenario';
import { mergeTraces, planResume, rerun, treeSessions } from './resume';

/**
 * Inspection mode of a page (`?inspect`): streams every actor's inspection events to the inspector
 * window (@statelyai/inspect's browser protocol; by default our offline inspector at /__inspect/,
 * or any address given as `?inspect=<url>`), and answers the inspector's commands: send an event
 * to an actor, advance a paused clock (`&clock=paused`), save an actor's trace as a scenario.
 * Commands are accepted only from this page's own origin.
 */
export const INSPECTOR_PATH = '/__inspect/';

/** How many trace entries an inspected page keeps (a snapshot is a reference: recording costs the same). */
export const INSPECT_TRACE_LIMIT = 100_000;

/**
 * `?inspect` in a page's address (runtime/boot.ts), before any actor starts: with `&clock=paused`
 * every actor runs on a clock only the inspector moves; the trace keeps each snapshot, for the
 * timeline (issue 29), and more entries, as a whole-page scenario needs every actor's beginning
 * (issue 28); then the inspector connects, to `?inspect=<url>` or the dev server's. If it cannot,
 * boot warns once and the page runs as a visitor's.
 */
export async function inspectPage(win: Window, params: URLSearchParams, realClock: Clock, seed: number) {
  const pausedClock = params.get('clock') === 'paused' ? (await import('./test-clock')).createTestClock(realClock.now()) : undefined;
  const clock = pausedClock ?? realClock;
  const trace = createTraceRecorder(clock, { kinds: 'page', snapshots: true, limit: INSPECT_TRACE_LIMIT });
  return { clock, trace, inspector: startInspection({ window: win, clock, pausedClock, trace, seed, url: params.get('inspect') || INSPECTOR_PATH }) };
}

export type InspectorCommand =
  | { type: 'sitecharts.send'; session: string; event: { type: string } & Record<string, unknown> }
  | { type: 'sitecharts.advance'; ms: number }
  | { type: 'sitecharts.next-timer' }
  | { type: 'sitecharts.status' }
  | { type: 'sitecharts.scenario'; session: string }
  /** Issue 28: every actor of the page, one timeline, one file. */
  | { type: 'sitecharts.page-scenario' }
  /** Issue 29: the trace from entry `since` on (its global number), each snapshot with its context. */
  | { type: 'sitecharts.timeline'; since: number }
  /** The views show every actor's snapshot as of trace entry `index`; null: the present. */
  | { type: 'sitecharts.show'; index: number | null }
  /** The page resumes from trace entry `index`: its islands' actors re-run up to it, then run live. */
  | { type: 'sitecharts.resume'; index: number }
  /** Every island of the page, loaded or not; `load` hydrates the one with that number. */
  | { type: 'sitecharts.islands' }
  | { type: 'sitecharts.load'; island: number };

export type InspectorReply =
  | { type: 'sitecharts.status'; paused: boolean; now: number; timers: number; page: string }
  | { type: 'sitecharts.scenario'; session: string; scenario: unknown }
  | { type: 'sitecharts.page-scenario'; scenario: PageScenario }
  /** `epoch` counts the page's resumes: a timeline of an earlier epoch is of a trace since rewritten. */
  | { type: 'sitecharts.timeline'; epoch: number; from: number; total: number; moments: Moment[] }
  /**
   * The page resumed from entry `index` (of the trace before): its whole new trace (the kept past,
   * the re-run, the hand-over), the new session of each re-run actor by its old one.
   */
  | { type: 'sitecharts.resumed'; epoch: number; index: number; at: number; moments: Moment[]; sessions: Record<string, string> }
  | { type: 'sitecharts.islands'; islands: IslandInfo[] }
  | { type: 'sitecharts.error'; message: string };

export interface InspectionOptions {
  window: Window;
  clock: Clock;
  /** Present when the page runs on a paused clock the inspector drives. */
  pausedClock?: TestClock;
  /** The page's recorder (made with `snapshots: true`): read for scenarios and the timeline, rewritten by a resume. */
  trace: TraceRecorder;
  /** The page's seed (runtime/random.ts), kept in a whole-page scenario. */
  seed?: number;
  url: string;
}

export interface Inspection {
  inspect: (event: InspectionEvent) => void;
  /** What the island views read: the inspector pins them to a recorded moment. */
  views: RecordedViews;
  /** The page's islands, once the scanner runs (boot starts the inspector before any actor). */
  attach(islands: IslandController): void;
}

export function startInspection({ window: win, clock, pausedClock, trace, seed, url }: InspectionOptions): Inspection {
  const actors = new Map<string, AnyActorRef>();
  const views = createRecordedViews();
  let islands: IslandController | undefined;
  const islandElements = () => [...win.document.querySelectorAll<HTMLElement>('[data-widget]')];
  const inspector = createBrowserInspector({ url, window: win });
  const observer = inspector.inspect;
  let epoch = 0;
  const inspectPage = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor') actors.set(event.actorRef.sessionId, event.actorRef as AnyActorRef);
    observer.next?.(event);
  };

  /**
   * Issue 29: resume from trace entry `index` (runtime/resume.ts). The views show that moment while
   * the islands' actors stop, the clock goes back to the page's first moment, the actors are made
   * again and re-run to the moment; then the views take the new actors and the trace is rewritten:
   * what the actors not re-run (the page services, which follow the page's scroll) did up to the
   * moment, the re-run, and their present state, which a resume does not rewind.
   */
  async function resume(index: number, paused: TestClock, controller: IslandController): Promise<InspectorReply> {
    if (trace.total !== trace.entries.length) throw new Error(`The page's trace no longer holds its start (it keeps its last ${trace.entries.length} entries): reload the page to resume from a moment.`);
    if (!(Number.isInteger(index) && index >= 0 && index < trace.entries.length)) throw new Error('No such moment in the page\'s trace.');
    const islandsNow = await controller.resumable();
    const entries = trace.entries;
    views.show(snapshotsAt(trace, index));
    const roots = new Set(islandsNow.map((island) => island.actor.sessionId));
    const plan = planResume(entries, index, roots);
    const rerunTrees = treeSessions(entries, roots);
    for (const island of islandsNow) island.actor.stop();
    const aside = paused.rewind(plan.start);
    // The re-run records into its own trace until the page's is rewritten; then the new actors record there.
    const recording = createTraceRecorder(clock, { kinds: 'page', snapshots: true });
    let rewritten = false;
    const into = () => (rewritten ? trace : recording);
    const { actors: fresh } = rerun(
      plan,
      paused,
      new Map(islandsNow.map((island) => [island.actor.sessionId, { create: (gate) => island.recreate({ inspect: combineInspectors((event) => into().inspect(event), inspectPage), note: (actor, name, value) => into().note(actor, name, value), gate }) }])),
    );
    paused.reinstate(aside);
    const kept = entries.slice(0, index + 1).filter((entry) => !rerunTrees.has(entry.session));
    trace.replace(mergeTraces([...kept, ...presentOfTheRest(kept, rerunTrees, plan.end)], recording.entries));
    rewritten = true;
    for (const island of islandsNow) {
      const next = fresh.get(island.actor.sessionId);
      if (next) island.adopt(next);
    }
    views.show(null);
    epoch++;
    const all = trace.entries;
    return {
      type: 'sitecharts.resumed',
      epoch,
      index,
      at: plan.end,
      moments: all.flatMap((entry, i) => toMoment(entry, i) ?? []),
      sessions: Object.fromEntries([...fresh].map(([old, next]) => [old, next.sessionId])),
    };
  }
  let resuming = false;

  /** The actors a resume does not re-run, as they are now: their creation if it came later, their present snapshot. */
  function presentOfTheRest(kept: readonly TraceEntry[], rerunTrees: ReadonlySet<string>, at: number): TraceEntry[] {
    const last = new Map<string, unknown>();
    const created = new Set<string>();
    for (const entry of kept) {
      if (entry.kind === 'actor') created.add(entry.session);
      if (entry.kind === 'snapshot') last.set(entry.session, entry.snapshot);
    }
    return [...actors].flatMap(([session, ref]): TraceEntry[] => {
      const snapshot = ref.getSnapshot() as { value?: unknown; status: string };
      if (rerunTrees.has(session) || snapshot.status !== 'active' || last.get(session) === snapshot) return [];
      const info = ref as unknown as { logic?: { id?: string }; _parent?: { sessionId?: string } };
      const birth: TraceEntry[] = created.has(session) ? [] : [{ at, kind: 'actor', actor: ref.id, session, machine: info.logic?.id, ...(info._parent?.sessionId ? { parent: info._parent.sessionId } : {}) }];
      return [...birth, { at, kind: 'snapshot', actor: ref.id, session, state: snapshot.value, status: snapshot.status, snapshot }];
    });
  }
  if (!inspector.adapter.targetWindow) offerToOpen(win, url, (opened) => (inspector.adapter.targetWindow = opened));

  const status = (): InspectorReply => ({
    type: 'sitecharts.status',
    paused: pausedClock !== undefined,
    now: clock.now(),
    timers: clock.pending(),
    page: win.location.pathname,
  });

  win.addEventListener('message', (message: MessageEvent) => {
    if (message.origin !== win.location.origin) return;
    const command = message.data as Partial<InspectorCommand> | null;
    if (!command || typeof command.type !== 'string' || !command.type.startsWith('sitecharts.')) return;
    // A command the page posted to itself (a test's script, the console) is carried out, and its reply
    // goes nowhere: posted back, a reply would come in as the command of its name (a status reply is a
    // `sitecharts.status` command) and be answered again, a loop that kept a core busy until the page
    // closed (2026-12-06: 318,000 status messages in the fuzzer's eight steps on /team/).
    const to = message.source === win ? null : (message.source as Window | null);
    const reply = (data: InspectorReply) => to?.postMessage(data, win.location.origin);
    switch (command.type) {
      case 'sitecharts.send': {
        const actor = typeof command.session === 'string' ? actors.get(command.session) : undefined;
        if (!actor || typeof command.event?.type !== 'string') return reply({ type: 'sitecharts.error', message: 'No such live actor, or the event has no type.' });
        actor.send(command.event);
        return reply(status());
      }
      case 'sitecharts.advance':
      case 'sitecharts.next-timer': {
        if (!pausedClock) return reply({ type: 'sitecharts.error', message: 'The clock is not paused: open the page with &clock=paused.' });
        const due = pausedClock.nextDue();
        const ms = command.type === 'sitecharts.advance' ? Number(command.ms) : due === undefined ? 0 : due - pausedClock.now();
        if (!(ms >= 0)) return reply({ type: 'sitecharts.error', message: 'Advance needs a number of ms, 0 or more.' });
        pausedClock.advanceBy(ms);
        return reply(status());
      }
      case 'sitecharts.status':
        return reply(status());
      case 'sitecharts.scenario': {
        const actor = typeof command.session === 'string' ? actors.get(command.session) : undefined;
        if (!actor) return reply({ type: 'sitecharts.error', message: 'No such actor.' });
        const root = rootOf(actor);
        const entries = trace.entries;
        const created = entries.find((e) => e.session === root.sessionId && e.kind === 'actor');
        const name = replayName(created?.actor ?? root.id, created?.kind === 'actor' ? created.machine : undefined);
        const scenario = scenarioFromTrace(entries, root.sessionId, name, jsonInput(actorInput(root)));
        // A child (an invoked request, a callback) runs inside its parent: its scenario is the parent's.
        if (root !== actor) scenario.name = `${name}: recorded in the page (saved from its child ${actor.id})`;
        return reply({ type: 'sitecharts.scenario', session: root.sessionId, scenario });
      }
      case 'sitecharts.page-scenario': {
        const scenario = pageScenarioFromTrace(trace.entries, pageActors(actors.values()), { path: win.location.pathname, seed });
        return reply({ type: 'sitecharts.page-scenario', scenario });
      }
      case 'sitecharts.timeline': {
        const entries = trace.entries;
        const first = trace.total - entries.length;
        const since = Math.max(first, Math.floor(Number(command.since) || 0));
        const moments = entries.slice(since - first).flatMap((entry, i) => toMoment(entry, since + i) ?? []);
        return reply({ type: 'sitecharts.timeline', epoch, from: since, total: trace.total, moments });
      }
      case 'sitecharts.show': {
        if (command.index === null || command.index === undefined) {
          views.show(null);
          return reply(status());
        }
        if (!pausedClock) return reply({ type: 'sitecharts.error', message: 'The page follows the timeline on a paused clock only: open it with &clock=paused.' });
        views.show(snapshotsAt(trace, Number(command.index)));
        // A hero slideshow still run by its behaviour has no view to pin: it gets one, which renders the pinned moment.
        void islands?.hydrateBehaviours();
        return reply(status());
      }
      case 'sitecharts.resume': {
        if (!pausedClock) return reply({ type: 'sitecharts.error', message: 'Resuming from a moment needs a paused clock: open the page with &clock=paused.' });
        if (!islands) return reply({ type: 'sitecharts.error', message: 'The page has not started its islands yet.' });
        if (resuming) return reply({ type: 'sitecharts.error', message: 'The page is resuming already.' });
        resuming = true;
        void resume(Number(command.index), pausedClock, islands).then(
          (answer) => {
            resuming = false;
            reply(answer);
            reply(status());
          },
          (problem: unknown) => {
            resuming = false;
            reply({ type: 'sitecharts.error', message: problem instanceof Error ? problem.message : String(problem) });
          },
        );
        return;
      }
      case 'sitecharts.islands':
        return reply({ type: 'sitecharts.islands', islands: islandElements().map(describeIsland) });
      case 'sitecharts.load': {
        const element = islandElements()[Number(command.island)];
        if (!element || !islands) return reply({ type: 'sitecharts.error', message: 'No such island.' });
        void islands.load(element).then(() => reply({ type: 'sitecharts.islands', islands: islandElements().map(describeIsland) }));
        return;
      }
    }
  });

  return {
    inspect: inspectPage,
    views,
    attach(controller) {
      islands = controller;
      // Issue 28.3: `?replay=<scenario>` re-enacts a scenario with the page's own islands.
      if (new URLSearchParams(win.location.search).has('replay'))
        void import('./replay/in-page')
          .then((m) => m.replayInPage({ window: win, clock: pausedClock, islands: controller, inspect: combineInspectors(trace.inspect, inspectPage), note: trace.note }))
          .catch((error: unknown) => console.warn('[sitecharts] the scenario replay could not start', error));
    },
  };
}

function describeIsland(element: HTMLElement, island: number): IslandInfo {
  return { island, widget: element.dataset.widget ?? '', id: element.dataset.islandId ?? element.id ?? null, state: element.dataset.island ?? 'waiting' };
}

/**
 * Every actor's snapshot as of trace entry `index` (the last one at or before it), by session. An
 * actor that did not exist yet shows its first snapshot: what its widget showed before it started.
 */
function snapshotsAt(trace: Pick<TraceRecorder, 'entries' | 'total'>, index: number): Map<string, unknown> {
  const entries = trace.entries;
  const first = trace.total - entries.length;
  const shown = new Map<string, unknown>();
  entries.forEach((entry, i) => {
    if (entry.kind !== 'snapshot' || entry.snapshot === undefined) return;
    if (first + i <= index || !shown.has(entry.session)) shown.set(entry.session, entry.snapshot);
  });
  return shown;
}

/** The actor a child runs in (an invoke's, a spawn's parent), up to the page's own actor. */
function rootOf(actor: AnyActorRef): AnyActorRef {
  let current = actor;
  for (let parent = current._parent; parent; parent = parent._parent) current = parent;
  return current;
}

/**
 * A pop-up blocker stopped the inspector window from opening at load (no user gesture yet): offer a
 * button that opens it on a click. The inspector connects as usual and receives the events held so
 * far (@statelyai/inspect keeps the latest 200).
 */
function offerToOpen(win: Window, url: string, connect: (opened: Window) => void) {
  const doc = win.document;
  const region = doc.createElement('aside');
  region.setAttribute('aria-label', 'Inspector');
  region.dataset.inspectorOffer = '';
  region.style.cssText = 'position:fixed;inset-block-end:1rem;inset-inline-end:1rem;z-index:2147483647;';
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = 'Open the inspector';
  button.style.cssText = 'font:inherit;padding:0.5rem 1rem;background:#1d2a4d;color:#fff;border:2px solid #fff;border-radius:0.5rem;cursor:pointer;';
  button.addEventListener('click', () => {
    const opened = win.open(url, 'xstateinspector');
    if (!opened) return;
    connect(opened);
    region.remove();
  });
  region.append(button);
  doc.body.append(region);
}
