import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dosingFilterMachine, type DosingFilterEvent } from '../../machines/dosing-filter/dosing-filter.machine';
import { NOT_A_NUMBER_MESSAGE } from '../../machines/dosing-filter/dosing-filter.rules';
import { createTestClock } from '../../runtime/test-clock';
import { connectDosingFilter } from './dosing-filter.connect';
import { dosingFilterTranslations } from './dosing-filter.translations';

const ALERT = 'Call your doctor for a child under 6 lb.';
const rows = [
  { w1: 6, w2: 11 },
  { w1: 12, w2: 17 },
  { w1: 24, w2: 35 },
];

/** The machine on the test clock, its snapshot connected after each event the handlers send. */
function start(t = dosingFilterTranslations) {
  const actor = createActor(dosingFilterMachine, { input: { alertMessage: ALERT }, clock: createTestClock() }).start();
  const sent: DosingFilterEvent[] = [];
  const send = (event: DosingFilterEvent) => {
    sent.push(event);
    actor.send(event);
  };
  return { api: () => connectDosingFilter(actor.getSnapshot(), send, t, rows), sent };
}
const typed = (value: string, composing = false) => ({ target: { value }, nativeEvent: Object.assign(new Event('input'), { isComposing: composing }) });

describe('the dosing filter connect layer (§2, §4, §5; IME-aware field)', () => {
  it('before any change: the field with id filter, its hint and suggestions; the header and every row show, nothing announced', () => {
    const { api } = start();
    expect(api().inputProps).toMatchObject({ id: 'filter', name: 'weight', type: 'text', inputMode: 'numeric', list: 'dosing-choices', 'aria-describedby': 'dosing-hint', value: '' });
    expect([api().labelProps.htmlFor, api().choicesProps.id, api().hintProps.id, api().allOptionProps.value]).toEqual(['filter', 'dosing-choices', 'dosing-hint', 'all']);
    expect(api().alertProps).toEqual({ role: 'alert', hidden: true });
    expect(api().headerProps.hidden).toBe(false);
    expect(rows.map((row) => api().getRowProps(row).hidden)).toEqual([false, false, false]);
    expect(api().getRowProps({ w1: 24, w2: 35 })).toMatchObject({ 'data-w1': 24, 'data-w2': 35 });
    expect(api().statusText).toBe('');
  });

  it('typing a weight filters: only the band that holds it shows, and the count is announced', () => {
    const { api, sent } = start();
    api().inputProps.onChange(typed('28'));
    expect(sent).toEqual([{ type: 'filter.change', value: '28' }]);
    expect(api().inputProps.value).toBe('28');
    expect(rows.map((row) => api().getRowProps(row).hidden)).toEqual([true, true, false]);
    expect(api().statusText).toBe('1 of 3 rows shown.');
    expect(api().changes).toBe(1);
  });

  it('not a number: the field is cleared and the alert asks for the weight; "all" shows everything with the dosing alert', () => {
    const { api } = start();
    api().inputProps.onChange(typed('abc'));
    expect(api().inputProps.value).toBe('');
    expect(api().alertProps.hidden).toBe(false);
    expect(api().alertText).toBe(NOT_A_NUMBER_MESSAGE);
    expect(api().headerProps.hidden).toBe(true);
    expect(api().statusText).toBe('');
    api().inputProps.onChange(typed('all'));
    expect([api().alertText, api().headerProps.hidden, api().statusText]).toEqual([ALERT, false, '3 of 3 rows shown.']);
  });

  it('IME: while an input method composes, the text shows but nothing is filtered or cleared; the end of the composition filters', () => {
    const { api, sent } = start();
    api().inputProps.onChange(typed('28'));
    // A Japanese IME composes full-width digits: "２" is not a number until it is committed.
    api().inputProps.onChange(typed('２', true));
    expect(api().inputProps.value).toBe('２');
    expect(api().alertProps.hidden).toBe(true);
    expect(rows.map((row) => api().getRowProps(row).hidden)).toEqual([true, true, false]);
    expect(api().changes).toBe(1);
    api().inputProps.onCompositionEnd({ currentTarget: { value: '12' } });
    expect(sent).toEqual([
      { type: 'filter.change', value: '28' },
      { type: 'filter.compose', value: '２' },
      { type: 'filter.change', value: '12' },
    ]);
    expect(rows.map((row) => api().getRowProps(row).hidden)).toEqual([true, false, true]);
  });

  it('an input event without isComposing (React gives a plain change event) filters', () => {
    const { api, sent } = start();
    api().inputProps.onChange({ target: { value: '7' } });
    expect(sent).toEqual([{ type: 'filter.change', value: '7' }]);
  });

  it('its labels come from the translations', () => {
    const t = { field: 'وزن الطفل بالرطل', everyWeight: 'كل الأوزان', hint: 'اكتب وزنًا أو «{all}»', shown: '{shown} من {count} صفوف' };
    const { api } = start(t);
    api().inputProps.onChange(typed('10'));
    expect([api().labelText, api().allOptionText, api().hintText, api().statusText]).toEqual(['وزن الطفل بالرطل', 'كل الأوزان', 'اكتب وزنًا أو «all»', '1 من 3 صفوف']);
  });
});
