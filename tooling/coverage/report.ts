import { chartFromDefinition, type ChartTransition } from '../../runtime/inspector-app/chart';
import type { CoverageExceptions } from '../../machines/coverage';
import type { Hits, RawCoverage } from './record';

/**
 * What machine coverage reports for one machine (issue 50): its states and transitions, each with
 * the tests that entered or took it, the ones an exception leaves out and why, and the figures the
 * thresholds are held against. Pure: tooling/coverage/machines.ts reads the files and prints it.
 */
export interface Figure {
  covered: number;
  total: number;
}

export interface StateCoverage {
  id: string;
  tests: string[];
  /** Why no test can enter it (the machine's `<name>.coverage.ts`). */
  excepted?: string;
}

export interface TransitionCoverage extends Omit<ChartTransition, 'event'> {
  tests: string[];
  excepted?: string;
}

export interface Threshold {
  /** Per cent of the states (exceptions left out) the suite must enter. */
  states: number;
  /** Per cent of the transitions (exceptions left out) the suite must take. */
  transitions: number;
}

/** The bar of issue 50, for every machine in machines/. */
export const THRESHOLD: Threshold = { states: 100, transitions: 98 };

export interface MachineCoverage {
  id: string;
  states: StateCoverage[];
  transitions: TransitionCoverage[];
  figures: { states: Figure; transitions: Figure; delays: Figure };
  threshold: Threshold;
  /** Why the machine's threshold is below the bar (its `<name>.coverage.ts`). */
  lowered?: string;
  /** Below the threshold: what to say. */
  failures: string[];
  /** Exceptions that name no state or transition of the machine, or one a test now reaches. */
  stale: string[];
  /** A lowered threshold the machine no longer needs (a warning: the e2e runs may be what lifts it). */
  unneeded?: string;
}

const figure = <T extends { tests: string[]; excepted?: string }>(items: T[]): Figure => {
  const counted = items.filter((item) => item.excepted === undefined);
  return { covered: counted.filter((item) => item.tests.length > 0).length, total: counted.length };
};

export const percent = ({ covered, total }: Figure) => (total === 0 ? 100 : (100 * covered) / total);

/** Every raw file's hits in one, each test named `<file> > <test>` so names from two files never merge. */
export function mergeRaw(raws: readonly RawCoverage[]): Hits {
  const merged: Hits = {};
  for (const raw of raws)
    for (const [machine, hits] of Object.entries(raw.machines)) {
      const into = (merged[machine] ??= { states: {}, transitions: {} });
      for (const kind of ['states', 'transitions'] as const)
        for (const [key, tests] of Object.entries(hits[kind])) into[kind][key] = [...(into[kind][key] ?? []), ...tests.map((test) => `${raw.file} > ${test}`)];
    }
  return merged;
}

export function machineCoverage(definition: unknown, hits: Hits[string] | undefined, exceptions: CoverageExceptions = {}, bar: Threshold = THRESHOLD): MachineCoverage {
  const threshold = { states: exceptions.threshold?.states ?? bar.states, transitions: exceptions.threshold?.transitions ?? bar.transitions };
  const chart = chartFromDefinition(definition);
  const id = chart.root.id;
  const states = chart.states.map((state) => ({ id: state, tests: hits?.states[state] ?? [], ...(exceptions.states?.[state] ? { excepted: exceptions.states[state] } : {}) }));
  const transitions = chart.transitions.map(({ event: _event, ...transition }) => ({
    ...transition,
    tests: hits?.transitions[transition.key] ?? [],
    ...(exceptions.transitions?.[transition.key] ? { excepted: exceptions.transitions[transition.key] } : {}),
  }));
  const figures = { states: figure(states), transitions: figure(transitions), delays: figure(transitions.filter((t) => t.delay !== undefined)) };
  const failures: string[] = [];
  if (percent(figures.states) < threshold.states) failures.push(`states ${percent(figures.states).toFixed(1)} % < ${threshold.states} %`);
  if (percent(figures.transitions) < threshold.transitions) failures.push(`transitions ${percent(figures.transitions).toFixed(1)} % < ${threshold.transitions} %`);
  const stale = [
    ...Object.keys(exceptions.states ?? {}).flatMap((state) => {
      const found = states.find((s) => s.id === state);
      return !found ? [`state ${state}: no such state`] : found.tests.length > 0 ? [`state ${state}: entered by ${found.tests.length} test(s), the exception is no longer needed`] : [];
    }),
    ...Object.keys(exceptions.transitions ?? {}).flatMap((key) => {
      const found = transitions.find((t) => t.key === key);
      return !found ? [`transition ${key}: no such transition`] : found.tests.length > 0 ? [`transition ${key}: taken by ${found.tests.length} test(s), the exception is no longer needed`] : [];
    }),
  ];
  const meetsBar = percent(figures.states) >= bar.states && percent(figures.transitions) >= bar.transitions;
  const unneeded = exceptions.threshold && meetsBar ? `its threshold is lowered, but it meets the bar of ${bar.states} % states and ${bar.transitions} % transitions: remove the threshold` : undefined;
  return { id, states, transitions, figures, threshold, ...(exceptions.threshold ? { lowered: exceptions.threshold.reason } : {}), failures, stale, ...(unneeded ? { unneeded } : {}) };
}

/** `a/b` with its per cent, the way Istanbul's table reads. */
export const formatFigure = (f: Figure) => `${f.covered}/${f.total}`.padStart(7) + ` ${percent(f).toFixed(0).padStart(3)}%`;

/** One line per machine: states a/b, transitions c/d, delays e/f. */
export function table(machines: readonly MachineCoverage[]): string {
  const width = Math.max(8, ...machines.map((m) => m.id.length));
  const head = `${'machine'.padEnd(width)}  ${'states'.padStart(12)}  ${'transitions'.padStart(12)}  ${'delays'.padStart(12)}`;
  const rows = machines.map(
    (m) =>
      `${m.id.padEnd(width)}  ${formatFigure(m.figures.states)}  ${formatFigure(m.figures.transitions)}  ${formatFigure(m.figures.delays)}` +
      (m.failures.length > 0 ? `  BELOW: ${m.failures.join(', ')}` : m.lowered ? `  (bar lowered to ${m.threshold.states}/${m.threshold.transitions} %)` : ''),
  );
  return [head, '-'.repeat(head.length), ...rows].join('\n');
}
