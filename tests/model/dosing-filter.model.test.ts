import { describe, expect, it } from 'vitest';
import { dosingFilterMachine } from '../../machines/dosing-filter/dosing-filter.machine';
import { leafStates, replayModel } from '../support/model';

describe('dosing filter model', () => {
  const report = replayModel({
    machine: dosingFilterMachine,
    input: { alertMessage: 'Call your doctor.' },
    events: ['28', 'all', 'abc', '3', '450'].map((value) => ({ type: 'filter.change', value }) as const),
  });

  it('replays every shortest path on the test clock', () => {
    expect(report.paths).toBeGreaterThanOrEqual(5);
  });

  it('reaches every state that can be at rest (filtering is transient)', () => {
    expect(report.states).toEqual(leafStates(dosingFilterMachine).filter((s) => s !== 'filtering'));
  });
});
