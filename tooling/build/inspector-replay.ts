import { TIMELINE_LIMIT, type ScenarioCheck } from '../../machines/inspector/inspector.machine';
import type { Moment } from '../../machines/inspector/timeline';
import type { ReplayAnswer } from '../../runtime/inspector-app/replay-answer';
import { toJson, toMoment } from '../../runtime/moments';
import { runScenario } from '../../runtime/replay/run';
import { parseScenarioFile } from '../../runtime/replay/scenario';
import { loadCatalog } from '../replay/catalog/site';
import { isReportFile } from '../../server/reports/report-file';

/**
 * Issue 29: `npm run dev` replays a scenario file the inspector loads (POST /__inspect/replay), with
 * the replay library itself (parseScenarioFile, runScenario, the site's catalog: what `npm run replay` runs),
 * here in Node, and answers what the inspector steps through: every trace entry as a moment (each
 * snapshot with its context), the machine's definition for its chart, and every `expect` step with
 * the moment it was checked at and what did not hold. A file that is not a scenario answers 400.
 */
export async function replayForInspector(body: unknown): Promise<{ status: 200; answer: ReplayAnswer } | { status: 400; answer: { error: string } }> {
  const catalog = await loadCatalog();
  let scenario;
  try {
    // A whole page (issue 28) is stepped through at its first diverging actor, else its first.
    // Issue 51: a visitor's problem report (npm run reports -- <id>) is stepped through as its scenario.
    const scenarios = parseScenarioFile(isReportFile(body) ? body.scenario : body, 'the file');
    scenario = scenarios.find((candidate) => runScenario(candidate, catalog, { keepLines: 0 }).failures.length > 0) ?? scenarios[0];
    if (!scenario) throw new Error('the file: a page scenario with no actors');
  } catch (problem) {
    return { status: 400, answer: { error: problem instanceof Error ? problem.message : String(problem) } };
  }
  const moments: Moment[] = [];
  const checks: ScenarioCheck[] = [];
  let count = 0;
  const result = runScenario(scenario, catalog, {
    keepLines: 0,
    onEntry(entry) {
      const moment = toMoment(entry, count++);
      // A day of ticks records hundreds of thousands of entries: the inspector steps through the first 5,000.
      if (moment && moments.length < TIMELINE_LIMIT) moments.push(moment);
    },
    onStep(index, problems) {
      const step = scenario.steps[index];
      if (step && 'expect' in step) checks.push({ step: index + 1, position: moments.length - 1, expect: step.expect, context: step.context, problems: [...problems] });
    },
  });
  if (moments.length === 0) return { status: 400, answer: { error: result.failures.join('; ') || 'the replay recorded nothing' } };
  const entry = catalog[scenario.machine] ?? Object.values(catalog).find((candidate) => candidate.machine.id === scenario.machine);
  return {
    status: 200,
    answer: { name: scenario.name, machine: scenario.machine, definition: toJson(entry?.machine.config, 40), moments, checks, failures: result.failures },
  };
}
