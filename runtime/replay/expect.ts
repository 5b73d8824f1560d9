import type { ScenarioStep, StateValueJson } from './scenario';

/**
 * What a scenario's `expect` step checks, in Node (run.ts) and on a page replaying it
 * (runtime/replay/page-replay.ts): the state matches and each named context key is equal, as JSON.
 */
type Expectation = Extract<ScenarioStep, { expect: unknown }>;

interface Checked {
  value: unknown;
  context: unknown;
  matches(state: never): boolean;
}

/** What did not hold (empty: the expectation held). */
export function expectationProblems(snapshot: Checked, step: Expectation): string[] {
  const problems: string[] = [];
  if (!snapshot.matches(step.expect as never)) problems.push(`state is ${JSON.stringify(snapshot.value)}`);
  for (const [key, want] of Object.entries(step.context ?? {})) {
    const have = (snapshot.context as Record<string, unknown> | undefined)?.[key];
    if (JSON.stringify(have) !== JSON.stringify(want)) problems.push(`context.${key} is ${JSON.stringify(have)}, not ${JSON.stringify(want)}`);
  }
  return problems;
}

/** `expect {"tabs":"shown"} {"active":1}`: the step as the trace and the page print it. */
export function describeExpectation(step: Expectation): string {
  return `expect ${JSON.stringify(step.expect as StateValueJson)}${step.context ? ` ${JSON.stringify(step.context)}` : ''}`;
}
