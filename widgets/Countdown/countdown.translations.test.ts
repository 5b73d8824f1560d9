import { describe, expect, it } from 'vitest';
import { DEFAULT_LABELS, unitLabel } from '../../machines/countdown/countdown.rules';
import { translate } from '../../runtime/translations';
import { countdownTranslations, unitLabelsOf } from './countdown.translations';

describe('countdown unit names through translations', () => {
  it('the English table gives the rules’ own names; a page language’s table gives its own, singular for exactly one', () => {
    expect(unitLabelsOf(countdownTranslations)).toEqual(DEFAULT_LABELS);
    const arabic = unitLabelsOf(translate(countdownTranslations, { day: 'يوم', days: 'أيام' }));
    expect(unitLabel('days', 1, arabic)).toBe('يوم');
    expect(unitLabel('days', 3, arabic)).toBe('أيام');
    expect(unitLabel('hours', 3, arabic)).toBe('Hours');
  });
});
