import { describe, expect, it } from 'vitest';
import { boundScenario, foldSteps, gzipSize } from './bound';
import { maskHtml, maskText } from './mask';
import { parseReport } from './report.rules';

describe('problem reports (issue 51)', () => {
  it('masks typed text with its length and shape kept', () => {
    expect(maskText('Ada Lovelace')).toBe('Xxx Xxxxxxxx');
    expect(maskText('ada@example.org')).toBe('xxx@xxxxxxx.xxx');
    expect(maskText('28 lb')).toBe('00 xx');
    expect(maskText('مرحبا')).toHaveLength('مرحبا'.length);
    expect(maskText('😀')).toHaveLength(2);
    expect(maskHtml('<h3 class="ok">Thank you, Ada</h3><input value="Ada">')).toBe('<h3 class="ok">Xxxxx xxx, Xxx</h3><input value="Xxx">');
  });

  it('folds older expectations, keeping sends and the clock', () => {
    const steps = [{ expect: 'a' }, { advance: 10 }, { send: { type: 'x' } }, { expect: 'b' }, { advance: 10 }, { advance: 10 }, { expect: 'c' }, { advance: 100 }, { expect: 'd' }];
    expect(foldSteps(steps, 0, 50)).toEqual([{ expect: 'a' }, { advance: 10 }, { send: { type: 'x' } }, { advance: 20 }, { expect: 'c' }, { advance: 100 }, { expect: 'd' }]);
  });

  it('bounds a recording, naming what it left out', async () => {
    const noisy = Array.from({ length: 3000 }, (_, i) => ({ send: { type: 'x', v: `${Math.random()}${i}` } }));
    const scenario = { name: 'p', page: '/', actors: [{ name: 'big', start: 0, machine: 'big', steps: noisy }, { name: 'small', start: 0, machine: 'small', steps: [{ expect: 'a' }] }] };
    const { scenario: bounded, folded } = await boundScenario(scenario, 8 * 1024, gzipSize);
    expect(folded).toBe(true);
    expect(bounded.actors.map((actor) => actor.machine)).toEqual(['small']);
    expect(bounded.incomplete).toEqual(['big']);
    expect(await gzipSize(JSON.stringify(bounded))).toBeLessThanOrEqual(8 * 1024);
  });

  it('refuses a report with a field it does not know', () => {
    expect(parseReport({ page: '/', words: 'x', build: 'dev', viewport: { width: 1, height: 1 }, device: 'mobile', scenario: { page: '/', actors: [] }, cookie: 'a' })).toMatchObject({ ok: false });
    expect(parseReport({ page: '/', words: 'x', build: 'dev', viewport: { width: 1, height: 1 }, device: 'mobile', scenario: { page: '/', actors: [] } })).toMatchObject({ ok: true });
  });
});
