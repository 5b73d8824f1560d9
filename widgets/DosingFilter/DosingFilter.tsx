import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { dosingFilterMachine } from '../../machines/dosing-filter/dosing-filter.machine';
import { ALL, rowShows, type WeightBand } from '../../machines/dosing-filter/dosing-filter.rules';
import { format, translate } from '../../runtime/translations';
import { dosingFilterTranslations, type DosingFilterTranslations } from './dosing-filter.translations';

export interface DosingRow extends WeightBand {
  /** The row's heading, e.g. "24–35 lb". */
  label: string;
  cells: string[];
}

export interface DosingContent {
  caption: string;
  columns: string[];
  rows: DosingRow[];
  /** The dosing alert shown with 'all' and below 6 lb. */
  alert: string;
  /** Labels in the page's language over the English defaults (dosing-filter.translations.ts). */
  translations?: Partial<DosingFilterTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof dosingFilterMachine>;
  content: DosingContent;
}

/** §2 Dosing page: the filter input (id filter), the alert, and the table of weight bands. */
export function DosingFilter({ actorRef, content }: Props) {
  const { value, display, alertMessage, changes } = useSelector(actorRef, (s) => s.context);
  const t = translate(dosingFilterTranslations, content.translations);
  const shown = content.rows.filter((row) => rowShows(display, row));
  return (
    <div className="dosing">
      <div className="dosing__field">
        <label htmlFor="filter">{t.field}</label>
        <input
          id="filter"
          name="weight"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          list="dosing-choices"
          aria-describedby="dosing-hint"
          value={value}
          onChange={(event) => actorRef.send({ type: 'filter.change', value: event.target.value })}
        />
        <datalist id="dosing-choices">
          <option value={ALL}>{t.everyWeight}</option>
        </datalist>
        <p id="dosing-hint" className="dosing__hint">
          {format(t.hint, { all: ALL })}
        </p>
      </div>
      <p className="dosing__alert" role="alert" hidden={!display.alert}>
        {display.alert ? alertMessage : ''}
      </p>
      <p className="visually-hidden" role="status">
        {changes === 0 || !display.header ? '' : format(t.shown, { shown: shown.length, count: content.rows.length })}
      </p>
      <table className="dosing__table">
        <caption>{content.caption}</caption>
        <thead hidden={!display.header}>
          <tr>
            {content.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {content.rows.map((row) => (
            <tr
              key={`${row.w1}-${changes}`}
              className="dosing__row"
              data-w1={row.w1}
              data-w2={row.w2}
              hidden={!rowShows(display, row)}
            >
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
