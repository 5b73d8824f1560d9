import { assign, setup } from 'xstate';

/**
 * The offline inspector's own state: the actors a page reported, their current state, the event
 * log, the selected actor and the page's clock. It receives @statelyai/inspect's browser protocol
 * events (`@xstate.actor`, `@xstate.snapshot`, `@xstate.event`).
 */
/** Keep the log to the last entries so a long session stays responsive. */
export const LOG_LIMIT = 500;

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

export interface InspectorContext {
  actors: Record<string, InspectedActor>;
  order: string[];
  log: LogEntry[];
  received: number;
  selected: string | null;
  clock: PageClock | null;
  error: string | null;
}

export type ProtocolEvent =
  | { type: '@xstate.actor'; sessionId: string; name?: string; definition?: string; snapshot?: { value?: unknown; status?: string }; parentId?: string }
  | { type: '@xstate.snapshot'; sessionId: string; snapshot: { value?: unknown; status?: string } }
  | { type: '@xstate.event'; sessionId: string; sourceId?: string; event: { type: string } & Record<string, unknown> };

export type InspectorEvent =
  | { type: 'inspection.received'; message: ProtocolEvent }
  | { type: 'actor.select'; session: string }
  | { type: 'page.status'; clock: PageClock }
  | { type: 'page.error'; message: string };

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
  },
}).createMachine({
  id: 'inspector',
  context: { actors: {}, order: [], log: [], received: 0, selected: null, clock: null, error: null },
  initial: 'waiting',
  on: {
    'actor.select': { actions: 'select' },
    'page.status': { actions: 'storeClock' },
    'page.error': { actions: 'storeError' },
  },
  states: {
    waiting: { on: { 'inspection.received': { target: 'connected', actions: 'record' } } },
    connected: { on: { 'inspection.received': { actions: 'record' } } },
  },
});
