import type { SnapshotFrom } from 'xstate';
import type { dosingFilterMachine, DosingFilterEvent } from '../../machines/dosing-filter/dosing-filter.machine';
import { ALL, rowShows, type WeightBand } from '../../machines/dosing-filter/dosing-filter.rules';
import { format, type Translations } from '../../runtime/translations';
import type { DosingFilterTranslations } from './dosing-filter.translations';

type Snapshot = SnapshotFrom<typeof dosingFilterMachine>;

/** §2, §3: the filter input's id is `filter`. */
export const FIELD_ID = 'filter';
const CHOICES_ID = 'dosing-choices';
const HINT_ID = 'dosing-hint';

/** What the field's handlers read: its text, and whether an input method is composing it. */
export interface TextInput {
  target: { value: string };
  /** React's `onChange` gives the native `input` event: an InputEvent carries `isComposing`. */
  nativeEvent?: Event & { isComposing?: boolean };
}
export interface CompositionEndInput {
  currentTarget: { value: string };
}

/**
 * §2, §4, §5 Dosing filter: a labelled text field with its hint and an "all" suggestion, an alert
 * (`role=alert`) shown with 'all', below 6 lb or for a value that is not a number, an announcement
 * of how many rows show after a change (`role=status`), and the header and rows hidden as the
 * machine says. IME-aware: while an input method composes the weight (full-width digits, which are
 * not a number until committed), the text only shows (`filter.compose`); the table is filtered once
 * the composition ends, so the field is never cleared under the visitor's composition.
 */
export function connectDosingFilter(snapshot: Snapshot, send: (event: DosingFilterEvent) => void, t: Translations<DosingFilterTranslations>, rows: readonly WeightBand[]) {
  const { value, display, alertMessage, changes } = snapshot.context;
  const shown = rows.filter((row) => rowShows(display, row)).length;
  return {
    /** Bumped on every change: the view keys the rows on it so their fade-in replays. */
    changes,
    labelProps: { htmlFor: FIELD_ID } as const,
    labelText: t.field,
    inputProps: {
      id: FIELD_ID,
      name: 'weight',
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'off',
      list: CHOICES_ID,
      'aria-describedby': HINT_ID,
      value,
      onChange(event: TextInput) {
        const text = event.target.value;
        send(event.nativeEvent?.isComposing === true ? { type: 'filter.compose', value: text } : { type: 'filter.change', value: text });
      },
      // Chromium sends the last `input` of a composition before `compositionend`, still composing.
      onCompositionEnd: (event: CompositionEndInput) => send({ type: 'filter.change', value: event.currentTarget.value }),
    } as const,
    choicesProps: { id: CHOICES_ID } as const,
    allOptionProps: { value: ALL } as const,
    allOptionText: t.everyWeight,
    hintProps: { id: HINT_ID } as const,
    hintText: format(t.hint, { all: ALL }),
    alertProps: { role: 'alert', hidden: !display.alert } as const,
    alertText: display.alert ? alertMessage : '',
    statusProps: { role: 'status' } as const,
    statusText: changes === 0 || !display.header ? '' : format(t.shown, { shown, count: rows.length }),
    headerProps: { hidden: !display.header } as const,
    getRowProps: (row: WeightBand) => ({ 'data-w1': row.w1, 'data-w2': row.w2, hidden: !rowShows(display, row) }) as const,
  };
}
