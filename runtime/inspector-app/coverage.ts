import { activeIds, type Chart, type ChartTransition } from './chart';

/**
 * Machine coverage from a page's trace (issue 50): the inspector's coverage view, and the e2e
 * runs' share of `npm run coverage:machines` (tests/support/browser.ts). A page's trace keeps each
 * actor's events and snapshots but no microsteps, so a transition is credited when its event
 * arrived while its source was active and its targets are active in the next snapshot (a transition
 * without a target: when the state value did not change); the deepest source first, as XState
 * chooses. An eventless (`always`) transition is credited when its source was active before the
 * step and its targets were entered by it.
 */
export type TraceStep =
  | { kind: 'event'; session: string; event: { type: string } }
  | { kind: 'snapshot'; session: string; state: unknown }
  | { kind: string; session: string };

export interface TraceCoverage {
  /** State path id -> how many times the actor entered it. */
  entered: Record<string, number>;
  /** Keys of the transitions taken. */
  taken: Set<string>;
}

const matches = (transition: ChartTransition, type: string) => {
  const { event } = transition;
  if ('always' in event) return false;
  if ('prefix' in event) return type.startsWith(event.prefix);
  if (event.type === '*') return true;
  return event.type.endsWith('.*') ? type.startsWith(event.type.slice(0, -1)) : event.type === type;
};

const depth = (id: string) => id.split('.').length;

/** What one actor's steps (`session`) covered of its chart. */
export function traceCoverage(chart: Chart, steps: readonly TraceStep[], session: string, into: TraceCoverage = { entered: {}, taken: new Set() }): TraceCoverage {
  const rootId = chart.root.id;
  const byDepth = [...chart.transitions].sort((a, b) => depth(b.source) - depth(a.source));
  let before: Set<string> | undefined;
  let event: string | undefined;
  for (const step of steps) {
    if (step.session !== session) continue;
    if (step.kind === 'event' && 'event' in step) {
      event = step.event.type;
      continue;
    }
    if (step.kind !== 'snapshot' || !('state' in step)) continue;
    if (step.state === undefined) continue;
    const after = activeIds(rootId, step.state);
    const entered = [...after].filter((id) => id !== rootId && !before?.has(id));
    for (const id of entered) into.entered[id] = (into.entered[id] ?? 0) + 1;
    if (before && event !== undefined) {
      const prior = before;
      const unchanged = entered.length === 0 && after.size === prior.size;
      const taken = byDepth.find((t) => prior.has(t.source) && matches(t, event ?? '') && (t.targets.length === 0 ? unchanged : t.targets.every((target) => after.has(target))));
      if (taken) into.taken.add(taken.key);
    }
    if (before) {
      const prior = before;
      for (const t of chart.transitions) if ('always' in t.event && prior.has(t.source) && t.targets.length > 0 && t.targets.every((target) => entered.includes(target))) into.taken.add(t.key);
    }
    before = after;
    event = undefined;
  }
  return into;
}
