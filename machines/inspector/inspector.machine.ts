import { assign, setup } from 'xstate';
import { stepsOf, type IslandInfo, type Moment } from './timeline';

/**
 * The offline inspector's own state: the actors a page reported, their current state, the event
 * log, the selected actor and the page's clock. It receives @statelyai/inspect's browser protocol
 * events (`@xstate.actor`, `@xstate.snapshot`, `@xstate.event`).
 */
/** Keep the log to the last entries so a long session stays responsive. */
export const LOG_LIMIT = 500;
/** The page's trace keeps its last 5,000 entries (runtime/boot.ts); the timeline keeps as many. */
export const TIMELINE_LIMIT = 5000;

export interface InspectedActor {
  session: string;
  name: string;
  definition: unknown;
  value: unknown;
  status: string;
  parent?: string;
}

export interface LogEntry {
  index: number;
  session: string;
  name: string;
  type: string;
  payload: string;
  source?: string;
}

export interface PageClock {
  paused: boolean;
  now: number;
  timers: number;
  page: string;
}

/**
 * A scenario file replayed by `npm run dev` (the replay runs in Node: runtime/replay), to step
 * through: its moments, the machine's definition, and every `expect` step with the moment it was
 * checked at and what did not hold.
 */
export interface LoadedScenario {
  name: string;
  machine: string;
  definition: unknown;
  moments: Moment[];
  checks: ScenarioCheck[];
}

export interface ScenarioCheck {
  /** The step's number in the file, from 1. */
  step: number;
  /** The last moment (array position) recorded when it was checked. */
  position: number;
  expect: unknown;
  context?: Record<string, unknown>;
  problems: string[];
}

export interface InspectorContext {
  actors: Record<string, InspectedActor>;
  order: string[];
  log: LogEntry[];
  received: number;
  selected: string | null;
  clock: PageClock | null;
  error: string | null;
  /** The page's trace as moments, oldest first (issue 29). */
  moments: Moment[];
  /** The step the timeline shows; null: the present, following the page. */
  cursor: number | null;
  islands: IslandInfo[];
  /** While set, the timeline steps through this scenario instead of the page. */
  scenario: LoadedScenario | null;
  /** How many times the page resumed from a past moment: its timeline replies of an earlier epoch are stale. */
  epoch: number;
  /**
   * Where the page last resumed from (issue 29): the last moment's index before the new branch, its
   * clock time, and how many steps of the old future were dropped.
   */
  branch: { index: number; at: number; dropped: number } | null;
}

/** The page's answer to a resume (runtime/inspector.ts `sitecharts.resumed`). */
export interface Resumed {
  epoch: number;
  at: number;
  moments: Moment[];
  /** The re-run actors' new sessions by their old ones. */
  sessions: Record<string, string>;
}

export type ProtocolEvent =
  | { type: '@xstate.actor'; sessionId: string; name?: string; definition?: string; snapshot?: { value?: unknown; status?: string }; parentId?: string }
  | { type: '@xstate.snapshot'; sessionId: string; snapshot: { value?: unknown; status?: string } }
  | { type: '@xstate.event'; sessionId: string; sourceId?: string; event: { type: string } & Record<string, unknown> };

export type InspectorEvent =
  | { type: 'inspection.received'; message: ProtocolEvent }
  | { type: 'actor.select'; session: string }
  | { type: 'page.status'; clock: PageClock }
  | { type: 'page.error'; message: string }
  | { type: 'timeline.received'; moments: Moment[]; epoch: number }
  | { type: 'timeline.resumed'; resumed: Resumed }
  | { type: 'timeline.seek'; step: number }
  | { type: 'timeline.present' }
  | { type: 'islands.received'; islands: IslandInfo[] }
  | { type: 'scenario.loaded'; scenario: LoadedScenario; step: number }
  | { type: 'scenario.closed' };

const parseDefinition = (text: string | undefined): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const inspectorMachine = setup({
  types: {} as { context: InspectorContext; events: InspectorEvent },
  actions: {
    record: assign(({ context, event }) => {
      if (event.type !== 'inspection.received') return {};
      const message = event.message;
      const actors = { ...context.actors };
      let order = context.order;
      let log = context.log;
      if (message.type === '@xstate.actor') {
        const definition = parseDefinition(message.definition);
        const name = message.name ?? (definition as { id?: string } | undefined)?.id ?? message.sessionId;
        actors[message.sessionId] = {
          session: message.sessionId,
          name,
          definition,
          value: message.snapshot?.value,
          status: message.snapshot?.status ?? 'active',
          parent: message.parentId,
        };
        if (!order.includes(message.sessionId)) order = [...order, message.sessionId];
      } else if (message.type === '@xstate.snapshot') {
        const known = actors[message.sessionId];
        if (known) actors[message.sessionId] = { ...known, value: message.snapshot.value ?? known.value, status: message.snapshot.status ?? known.status };
      } else if (message.type === '@xstate.event') {
        const { type, ...payload } = message.event;
        const entry: LogEntry = {
          index: context.received,
          session: message.sessionId,
          name: actors[message.sessionId]?.name ?? message.sessionId,
          type,
          payload: Object.keys(payload).length > 0 ? JSON.stringify(payload) : '',
          source: message.sourceId,
        };
        log = [...log, entry].slice(-LOG_LIMIT);
      }
      return { actors, order, log, received: context.received + 1, selected: context.selected ?? order[0] ?? null };
    }),
    select: assign(({ event }) => (event.type === 'actor.select' ? { selected: event.session } : {})),
    storeClock: assign(({ event }) => (event.type === 'page.status' ? { clock: event.clock, error: null } : {})),
    storeError: assign(({ event }) => (event.type === 'page.error' ? { error: event.message } : {})),
    appendMoments: assign(({ context, event }) => {
      if (event.type !== 'timeline.received' || event.epoch !== context.epoch) return {};
      const last = context.moments.at(-1)?.index ?? -1;
      const fresh = event.moments.filter((moment) => moment.index > last);
      return fresh.length === 0 ? {} : { moments: [...context.moments, ...fresh].slice(-TIMELINE_LIMIT) };
    }),
    /**
     * The page resumed from the shown step: its rewritten trace replaces the timeline, which follows
     * the present again; the old future is dropped (counted in `branch`), the selection follows its actor.
     */
    branchOff: assign(({ context, event }) => {
      if (event.type !== 'timeline.resumed') return {};
      const { resumed } = event;
      const before = stepsOf(context.moments).length;
      const shown = context.cursor ?? before - 1;
      const kept = resumed.moments.filter((moment) => moment.at <= resumed.at);
      return {
        moments: resumed.moments.slice(-TIMELINE_LIMIT),
        epoch: resumed.epoch,
        cursor: null,
        selected: context.selected ? (resumed.sessions[context.selected] ?? context.selected) : context.selected,
        branch: { index: kept.at(-1)?.index ?? -1, at: resumed.at, dropped: Math.max(0, before - 1 - shown) },
        error: null,
      };
    }),
    seek: assign(({ event }) => (event.type === 'timeline.seek' ? { cursor: Math.max(-1, event.step) } : {})),
    toPresent: assign({ cursor: null }),
    storeIslands: assign(({ event }) => (event.type === 'islands.received' ? { islands: event.islands } : {})),
    openScenario: assign(({ event }) => (event.type === 'scenario.loaded' ? { scenario: event.scenario, cursor: event.step, error: null } : {})),
    closeScenario: assign({ scenario: null, cursor: null }),
  },
}).createMachine({
  id: 'inspector',
  context: { actors: {}, order: [], log: [], received: 0, selected: null, clock: null, error: null, moments: [], cursor: null, islands: [], scenario: null, epoch: 0, branch: null },
  initial: 'waiting',
  on: {
    'actor.select': { actions: 'select' },
    'page.status': { actions: 'storeClock' },
    'page.error': { actions: 'storeError' },
    'timeline.received': { actions: 'appendMoments' },
    'timeline.resumed': { actions: 'branchOff' },
    'timeline.seek': { actions: 'seek' },
    'timeline.present': { actions: 'toPresent' },
    'islands.received': { actions: 'storeIslands' },
    'scenario.loaded': { actions: 'openScenario' },
    'scenario.closed': { actions: 'closeScenario' },
  },
  states: {
    waiting: { on: { 'inspection.received': { target: 'connected', actions: 'record' } } },
    connected: { on: { 'inspection.received': { actions: 'record' } } },
  },
});
