import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayForInspector } from './inspector-replay';

/** Issue 29: what `npm run dev` answers the inspector for a scenario file. */
const scenario = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, '../../tests/scenarios', name), 'utf8'));

describe('the inspector’s replay (POST /__inspect/replay)', () => {
  it('replays a shipped scenario into moments with contexts, the chart’s definition and every expectation held', async () => {
    const { status, answer } = await replayForInspector(scenario('tab-section.json'));
    expect(status).toBe(200);
    if (!('moments' in answer)) throw new Error('no moments');
    expect(answer.machine).toBe('tab-section');
    expect((answer.definition as { id?: string }).id).toBeTypeOf('string');
    expect(answer.moments.some((moment) => moment.kind === 'event' && moment.event.type === 'tab.click')).toBe(true);
    const first = answer.moments.find((moment) => moment.kind === 'snapshot' && moment.actor === 'tab-section');
    expect(first?.kind === 'snapshot' ? first.context : undefined).toHaveProperty('active');
    expect(answer.checks.length).toBeGreaterThan(5);
    expect(answer.checks.every((check) => check.problems.length === 0)).toBe(true);
    expect(answer.failures).toEqual([]);
  });

  it('names the first divergence of a failing replay: its step, what was expected, the moment it was checked at', async () => {
    const failing = scenario('tab-section.json') as { steps: unknown[] };
    failing.steps[8] = { expect: { tabs: 'shown' }, context: { active: 0 } };
    const { answer } = await replayForInspector(failing);
    if (!('moments' in answer)) throw new Error('no moments');
    const first = answer.checks.find((check) => check.problems.length > 0);
    expect(first?.step).toBe(9);
    expect(first?.expect).toEqual({ tabs: 'shown' });
    expect(first?.problems.join('; ')).toContain('context.active is 2, not 0');
    const at = answer.moments[first?.position ?? -1];
    expect(at?.kind).toBe('snapshot');
  });

  it('answers 400 with the reason for a file that is not a scenario', async () => {
    expect(await replayForInspector({ steps: [] })).toEqual({ status: 400, answer: { error: 'the file: "machine" must name a machine' } });
    expect((await replayForInspector(null)).status).toBe(400);
  });
});
