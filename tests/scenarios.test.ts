import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '../tooling/replay/demo-catalog/index';
import { runScenario } from '../runtime/replay/run';
import { parseScenario, parseScenarioFile } from '../runtime/replay/scenario';

/** Every scenario file under tests/scenarios/ replays without a failed expectation. */
const dir = join(import.meta.dirname, 'scenarios');
const files = readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('replay scenarios', () => {
  it('there are scenarios', () => expect(files.length).toBeGreaterThan(0));

  it.each(files)('%s', (file) => {
    // A whole-page file (issue 28) is every one of its actors.
    for (const scenario of parseScenarioFile(JSON.parse(readFileSync(join(dir, file), 'utf8')), file)) {
      const result = runScenario(scenario, catalog);
      expect(result.failures, scenario.name).toEqual([]);
      expect(result.lines.some((l) => l.includes(' ok ')), scenario.name).toBe(true);
      expect(result.lines.filter((l) => l.includes('undefined')), scenario.name).toEqual([]);
    }
  });

  it('prints a hand-sent done event with the transition it causes, and the child request by its id and status', () => {
    const result = runScenario(
      {
        name: 'answered',
        machine: 'ajax-form',
        steps: [
          { send: { type: 'form.submit', values: { email: 'ada@example.org' } } },
          { advance: 250 },
          { send: { type: 'xstate.done.actor.0.ajaxForm.sending', output: { status: 200, html: '<p>Thanks</p>' } } },
          { expect: 'answered' },
        ],
      },
      catalog,
    );
    expect(result.lines).toEqual([
      '        0 ms  state  "idle"',
      '        0 ms  event  form.submit {"values":{"email":"ada@example.org"}}',
      '        0 ms  step   ajaxForm.idle -> ajaxForm.validating',
      '        0 ms  step   ajaxForm.validating -> ajaxForm.sending',
      '        0 ms  child  0.ajaxForm.sending active',
      '        0 ms  state  "sending"',
      '        0 ms  clock  advance 250 ms',
      '      250 ms  event  xstate.done.actor.0.ajaxForm.sending {"output":{"status":200,"html":"<p>Thanks</p>"}}',
      '      250 ms  step   ajaxForm.sending -> ajaxForm.answered',
      '      250 ms  child  0.ajaxForm.sending stopped',
      '      250 ms  state  "answered"',
      '      250 ms  ok     expect "answered"',
    ]);
  });

  it('prints a spawned child by its id, and a timer by its event', () => {
    const result = runScenario(
      {
        name: 'soon flush',
        machine: 'sdk-logger',
        steps: [{ send: { type: 'log.event', level: 'error', event: 'checkout_failed' } }, { advance: 50 }, { expect: { soon: 'idle' } }],
      },
      catalog,
    );
    expect(result.lines.slice(-6)).toEqual([
      '        0 ms  clock  advance 50 ms',
      '       50 ms  timer  xstate.after.soonFlushDelay.sdkLogger.soon.scheduled',
      '       50 ms  step   sdkLogger.soon.scheduled -> sdkLogger.soon.idle',
      '       50 ms  child  delivery-1 active',
      '       50 ms  state  {"interval":"ticking","soon":"idle"}',
      '       50 ms  ok     expect {"soon":"idle"}',
    ]);
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
