import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '../runtime/replay/catalog/index';
import { runScenario } from '../runtime/replay/run';
import { parseScenario } from '../runtime/replay/scenario';

/** Every scenario file under tests/scenarios/ replays without a failed expectation. */
const dir = join(import.meta.dirname, 'scenarios');
const files = readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('replay scenarios', () => {
  it('there are scenarios', () => expect(files.length).toBeGreaterThan(0));

  it.each(files)('%s', (file) => {
    const result = runScenario(parseScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')), file), catalog);
    expect(result.failures).toEqual([]);
    expect(result.lines.some((l) => l.includes(' ok '))).toBe(true);
  });

  it('a wrong expectation fails with the state it found', () => {
    const result = runScenario(
      { name: 'wrong', machine: 'dosing-filter', steps: [{ send: { type: 'filter.change', value: '2' } }, { expect: 'showingMatches' }] },
      catalog,
    );
    expect(result.failures).toEqual(['step 2: expect "showingMatches": state is "belowCutoff"']);
  });

  it('an unknown machine or a malformed step is a clear error', () => {
    expect(runScenario({ name: 'x', machine: 'nope', steps: [] }, catalog).failures[0]).toContain("no machine named 'nope'");
    expect(() => parseScenario({ machine: 'dosing-filter', steps: [{ wait: 5 }] }, 'f.json')).toThrow('f.json: step 1 must have "send", "advance" or "expect"');
    expect(() => parseScenario({ machine: 'dosing-filter', steps: [{ advance: -1 }] })).toThrow('"advance" must be a number of ms');
  });
});
