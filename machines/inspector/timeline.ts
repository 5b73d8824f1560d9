/**
 * Issue 29: the inspector's timeline, as pure functions over the moments a page (or a replayed
 * scenario) recorded. A moment is one trace entry (runtime/inspect.ts) as JSON: `index` is its number
 * in the whole trace, a snapshot carries its context. A step is an event an actor received; the
 * state "at" a step is every moment up to the next event, so it includes what the event did.
 */
export type Moment =
  | { index: number; at: number; kind: 'actor'; actor: string; session: string; machine?: string; parent?: string }
  | { index: number; at: number; kind: 'event'; actor: string; session: string; event: { type: string } & Record<string, unknown>; timer?: true }
  | { index: number; at: number; kind: 'snapshot'; actor: string; session: string; state: unknown; status: string; context?: unknown };

export type EventMoment = Extract<Moment, { kind: 'event' }>;

/** An island as the inspector lists it: `state` is its `data-island` (waiting, running, loading, hydrated, failed). */
export interface IslandInfo {
  island: number;
  widget: string;
  id: string | null;
  state: string;
}

export interface ActorAt {
  session: string;
  actor: string;
  machine?: string;
  parent?: string;
  state: unknown;
  status: string;
  context: unknown;
  /** The moment (array position) this actor's snapshot was recorded at. */
  position: number;
}

/** The positions (in `moments`) of the steps: every event but XState's own start-up event. */
export function stepsOf(moments: readonly Moment[]): number[] {
  const steps: number[] = [];
  moments.forEach((moment, position) => {
    if (moment.kind === 'event' && moment.event.type !== 'xstate.init') steps.push(position);
  });
  return steps;
}

/** The last moment position a step covers: just before the next step's event (or the end). */
export function endOfStep(steps: readonly number[], step: number, total: number): number {
  if (step < 0) return (steps[0] ?? total) - 1;
  const next = steps[step + 1];
  return next === undefined ? total - 1 : next - 1;
}

/** Every actor as of moment `position` (inclusive): its last recorded state and context. */
export function actorsAt(moments: readonly Moment[], position: number): Map<string, ActorAt> {
  const actors = new Map<string, ActorAt>();
  const last = Math.min(position, moments.length - 1);
  for (let i = 0; i <= last; i++) {
    const moment = moments[i];
    if (!moment) continue;
    if (moment.kind === 'actor') {
      actors.set(moment.session, { session: moment.session, actor: moment.actor, machine: moment.machine, parent: moment.parent, state: undefined, status: 'active', context: undefined, position: i });
    } else if (moment.kind === 'snapshot') {
      const known = actors.get(moment.session) ?? { session: moment.session, actor: moment.actor, state: undefined, status: 'active', context: undefined, position: i };
      actors.set(moment.session, { ...known, state: moment.state, status: moment.status, context: moment.context, position: i });
    }
  }
  return actors;
}

/** The step shown for a clock time: the last event at or before it (-1: before the first). */
export function stepAtTime(moments: readonly Moment[], steps: readonly number[], at: number): number {
  let found = -1;
  steps.forEach((position, step) => {
    if ((moments[position]?.at ?? Infinity) <= at) found = step;
  });
  return found;
}

/**
 * Where each step sits on the time axis, from 0 to `width`: proportional to the clock's time, but
 * never closer than `gap` to the one before, so the events of one instant (a paused clock) stay apart.
 */
export function stepXs(moments: readonly Moment[], steps: readonly number[], width: number, gap: number): number[] {
  const times = steps.map((position) => moments[position]?.at ?? 0);
  const start = times[0] ?? 0;
  const span = Math.max(1, (times.at(-1) ?? start) - start);
  const room = Math.max(0, width - gap * Math.max(0, steps.length - 1));
  const xs: number[] = [];
  times.forEach((time, i) => {
    const x = ((time - start) / span) * room + gap * i;
    xs.push(Math.max(x, (xs[i - 1] ?? -gap) + gap));
  });
  return xs;
}

/** Dotted paths of the keys whose value differs between two contexts (a new or removed key too). */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) return prefix ? [prefix] : [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const paths = keys.flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  return prefix ? [prefix, ...paths] : paths;
}

/** How a step reads to a screen reader and in the log: "tab.click to tabs-1 at +1200 ms". */
export function describeStep(moments: readonly Moment[], steps: readonly number[], step: number): string {
  const moment = moments[steps[step] ?? -1];
  if (!moment || moment.kind !== 'event') return 'the start, before any event';
  const start = moments[0]?.at ?? moment.at;
  return `${moment.timer ? 'timer ' : ''}${moment.event.type} to ${moment.actor} at +${moment.at - start} ms`;
}
