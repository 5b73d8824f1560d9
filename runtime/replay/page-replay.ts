import type { AnyActorRef } from 'xstate';
import type { TestClock } from '../clock';
import { createReplayGates, type ActorGate } from '../resume';
import { describeExpectation, expectationProblems } from './expect';
import type { Scenario, ScenarioStep } from './scenario';

/**
 * Issue 28.3: a page re-enacts a scenario with its own actors, one step at a time, on its paused
 * clock. The steps are the scenario's own, as `npm run replay` runs them (run.ts), laid on the
 * page's one timeline: each actor's steps at the time they happen (its `start`, plus the advances
 * before them), in time order, an actor's steps of one instant together. The page's actors are made
 * again through the re-run's gates (runtime/resume.ts): while the replay lasts their guards answer
 * from the scenario's `facts` and their adapters leave the page alone (network answers and the like
 * are in the steps, as sends); after the last step the page runs live from there.
 */
export type ReplayActor = Scenario & { start: number };

export type PageReplayStep =
  /** The actor begins (made and started); an actor at the scenario's start begins before step 1. */
  | { kind: 'start'; at: number; actor: number }
  /** Step `index` (from 0) of the actor's scenario. */
  | { kind: 'step'; at: number; actor: number; index: number; step: ScenarioStep };

/** Every actor's steps on one timeline (times in ms from the scenario's start). */
export function planPageReplay(actors: readonly ReplayActor[]): PageReplayStep[] {
  const steps: Array<PageReplayStep & { order: number }> = [];
  actors.forEach((actor, index) => {
    let at = actor.start;
    steps.push({ kind: 'start', at, actor: index, order: -1 });
    actor.steps.forEach((step, order) => {
      if ('advance' in step) at += step.advance;
      steps.push({ kind: 'step', at, actor: index, index: order, step, order });
    });
  });
  // Stable by time, then actor, then the actor's own order: one actor's steps of an instant stay together.
  steps.sort((a, b) => a.at - b.at || a.actor - b.actor || a.order - b.order);
  return steps.map(({ order: _order, ...step }) => step);
}

/** The page's island an actor of the scenario plays on. */
export interface ReplayTarget {
  /** A new actor for the island, reading the page through `gate`. */
  create(gate: ActorGate): AnyActorRef;
  /** The island's view (and the runtime) use `actor` from now on. */
  adopt(actor: AnyActorRef): void;
}

export interface Divergence {
  /** The step's number on the page's timeline (from 1). */
  step: number;
  /** The actor's name and the step's number in its own scenario (from 1). */
  actor: string;
  actorStep: number;
  expected: string;
  actual: string;
}

export interface StepReport {
  /** The step just done (from 1), of `total`. */
  number: number;
  total: number;
  /** What it did: `tabs step 2: send tab.select {"index":1}`. */
  text: string;
  /** How far the step moved the page's clock, in ms. */
  moved: number;
  divergence?: Divergence;
}

export interface PageReplay {
  readonly total: number;
  /** How many steps are done. */
  readonly done: number;
  readonly divergences: readonly Divergence[];
  /** Does the next step; undefined at the end. After the last, the page runs live (the hand-over). */
  next(): StepReport | undefined;
  finished(): boolean;
  /** The actor playing the scenario's actor `index`, once it began. */
  actor(index: number): AnyActorRef | undefined;
}

/**
 * Starts replaying `actors` on `clock` (paused, now at the scenario's start): `targets[i]` is the
 * page's island of actor i, undefined for an actor the page does not have (its steps are left out).
 * The actors that begin at the start are made at once.
 */
export function startPageReplay(actors: readonly ReplayActor[], targets: ReadonlyArray<ReplayTarget | undefined>, clock: TestClock): PageReplay {
  const plan = planPageReplay(actors).filter((step) => targets[step.actor] !== undefined);
  const base = clock.now();
  const gates = createReplayGates();
  const made = new Map<number, AnyActorRef>();
  const divergences: Divergence[] = [];
  let done = 0;
  const name = (index: number) => actors[index]?.machine ?? `actor ${index + 1}`;

  const begin = (index: number) => {
    const target = targets[index];
    const scenario = actors[index];
    if (!target || !scenario) return;
    const actor = target.create(gates.gate(scenario.facts ?? {}));
    made.set(index, actor);
    target.adopt(actor);
    actor.start();
  };

  const perform = (step: PageReplayStep): StepReport => {
    const number = ++done;
    const total = plan.length;
    const moved = Math.max(0, step.at + base - clock.now());
    if (moved > 0) clock.advanceBy(moved);
    if (step.kind === 'start') {
      begin(step.actor);
      return { number, total, moved, text: `${name(step.actor)} begins (+${step.at} ms)` };
    }
    const where = `${name(step.actor)} step ${step.index + 1}`;
    const actor = made.get(step.actor);
    const { step: scenarioStep } = step;
    if ('send' in scenarioStep) {
      actor?.send(scenarioStep.send);
      const { type, ...rest } = scenarioStep.send;
      return { number, total, moved, text: `${where}: send ${type}${Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''}` };
    }
    if ('advance' in scenarioStep) {
      // Reaching the time above fired what was due by then; an advance of 0 fires what is due now.
      if (scenarioStep.advance === 0) clock.advanceBy(0);
      return { number, total, moved, text: `${where}: advance ${scenarioStep.advance} ms (clock ${clock.now() - base} ms)` };
    }
    const expected = describeExpectation(scenarioStep);
    const problems = actor ? expectationProblems(actor.getSnapshot(), scenarioStep) : ['the actor has not begun'];
    if (problems.length === 0) return { number, total, moved, text: `${where}: ${expected}: ok` };
    const divergence: Divergence = { step: number, actor: name(step.actor), actorStep: step.index + 1, expected, actual: problems.join('; ') };
    divergences.push(divergence);
    return { number, total, moved, text: `${where}: ${expected}: ${divergence.actual}`, divergence };
  };

  // The actors of the scenario's first moment begin before step 1, as `npm run replay` starts its actor.
  while (plan[done]?.kind === 'start' && plan[done]?.at === 0) {
    const step = plan[done];
    if (step?.kind === 'start') begin(step.actor);
    plan.splice(done, 1);
  }
  if (plan.length === 0) gates.handOver();

  return {
    get total() {
      return plan.length;
    },
    get done() {
      return done;
    },
    divergences,
    next() {
      const step = plan[done];
      if (!step) return undefined;
      const report = perform(step);
      if (done === plan.length) gates.handOver();
      return report;
    },
    finished: () => done === plan.length,
    actor: (index) => made.get(index),
  };
}
