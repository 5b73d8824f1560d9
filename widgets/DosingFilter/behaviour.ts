import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { dosingFilterMachine, type DosingFilterEvent } from '../../machines/dosing-filter/dosing-filter.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import type { DosingContent } from './DosingFilter';
import { connectDosingFilter, FIELD_ID } from './dosing-filter.connect';
import { dosingFilterSettings } from './dosing-filter.settings';
import { dosingFilterTranslations } from './dosing-filter.translations';

const ROOT = ':scope > .dosing';
const FIELD = `:scope > .dosing__field > #${FIELD_ID}`;
const ALERT = ':scope > .dosing__alert';
const STATUS = ':scope > [role="status"]';
const HEADER = ':scope > .dosing__table > thead';
const ROWS = ':scope > .dosing__table > tbody > .dosing__row';

type Snapshot = SnapshotFrom<typeof dosingFilterMachine>;

const connect = (snapshot: Snapshot, send: (event: DosingFilterEvent) => void, content: DosingContent) =>
  connectDosingFilter(snapshot, send, translate(dosingFilterTranslations, content.translations), content.rows);

/**
 * The change whose rows each table shows (`changes`): the view keys its rows on it, so React makes
 * new row elements on every change and their fade-in (dosing-filter.css) plays again. The
 * prerendered rows are those of change 0.
 */
const rowsOfChange = new WeakMap<Element, number>();

function drawText(element: Element | null, text: string) {
  if (element && element.textContent !== text) element.textContent = text;
}

/**
 * Draws a state on the prerendered dosing filter as DosingFilter.tsx renders it (dosing-filter.connect.ts):
 * the field's value, the alert (hidden, text), the status text, the header's and each row's hidden,
 * and new row elements where `changes` moved, as the view's keys make them.
 */
export function drawDosingFilter(element: HTMLElement, snapshot: Snapshot, content: DosingContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  const field = root.querySelector<HTMLInputElement>(FIELD);
  if (field) {
    drawProps(field, api.inputProps);
    // Only where it differs (a value that is not a number clears it), so the caret and an input
    // method's composition stay put; and not before the first change: text typed before the
    // behaviour started is the visitor's, and reaches the machine as the island replays it.
    if (api.changes > 0 && field.value !== api.inputProps.value) field.value = api.inputProps.value;
  }
  const alert = root.querySelector(ALERT);
  if (alert) drawProps(alert, api.alertProps);
  drawText(alert, api.alertText);
  drawText(root.querySelector(STATUS), api.statusText);
  const header = root.querySelector(HEADER);
  if (header) drawProps(header, api.headerProps);
  const table = root.querySelector('.dosing__table');
  const fresh = table !== null && (rowsOfChange.get(table) ?? 0) !== api.changes;
  if (table) rowsOfChange.set(table, api.changes);
  root.querySelectorAll(ROWS).forEach((row, index) => {
    const band = content.rows[index];
    if (!band) return;
    const drawn = fresh ? (row.cloneNode(true) as Element) : row;
    drawProps(drawn, api.getRowProps(band));
    if (drawn !== row) row.replaceWith(drawn);
  });
}

/** The field's typing and the end of an input method's composition, sent to the machine as the view's handlers send them. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof dosingFilterMachine>, content: DosingContent): () => void {
  const field = element.querySelector<HTMLInputElement>(`${ROOT} > .dosing__field > #${FIELD_ID}`);
  if (!field) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  return listenTo(field, {
    input: (event) => api().inputProps.onChange({ target: field, nativeEvent: event }),
    compositionend: () => api().inputProps.onCompositionEnd({ currentTarget: field }),
  });
}

/**
 * The dosing filter without its view (issue 35, goal 2): every state is the field's value, the
 * alert, the status text and the header and rows hidden or shown, drawn on the prerendered table,
 * so the behaviour answers the visitor's typing itself (`answersInput` in widgets/registry.ts), with
 * no React. What was typed before its chunk arrived reaches it as the island replays it (runtime/early-input.ts).
 */
export default defineBehaviour({
  name: 'dosing-filter',
  settings: dosingFilterSettings,
  machine: dosingFilterMachine,
  input: (_settings, content: DosingContent) => ({ alertMessage: content.alert }),
  // Issue 51: a problem report masks the weight typed unless the page marks it safe (report-typed="kept").
  typed: (event, mask, settings) =>
    settings.reportTyped === 'masked' && (event.type === 'filter.change' || event.type === 'filter.compose') && typeof event.value === 'string'
      ? { ...event, value: mask.text(event.value) }
      : event,
  translations: dosingFilterTranslations,
  bind: drawDosingFilter,
  connect: listen,
  // A visitor reaches the table by scrolling or by tabbing into the field; either starts it.
  hydrate: 'idle',
});
