import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { dosingFilterMachine } from '../../machines/dosing-filter/dosing-filter.machine';
import type { WeightBand } from '../../machines/dosing-filter/dosing-filter.rules';
import { translate } from '../../runtime/translations';
import { connectDosingFilter } from './dosing-filter.connect';
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

/**
 * §2 Dosing page: the filter input (id filter), the alert, and the table of weight bands. Issue
 * 31.1: where the table does not fit (a phone), each weight band reads as a card of its doses, so a
 * parent reads a row without panning; it stays a table to assistive technology.
 */
export function DosingFilter({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectDosingFilter(snapshot, actorRef.send, translate(dosingFilterTranslations, content.translations), content.rows);
  return (
    <div className="dosing">
      <div className="dosing__field">
        <label {...api.labelProps}>{api.labelText}</label>
        <input {...api.inputProps} />
        <datalist {...api.choicesProps}>
          <option {...api.allOptionProps}>{api.allOptionText}</option>
        </datalist>
        <p {...api.hintProps} className="dosing__hint">
          {api.hintText}
        </p>
      </div>
      <p className="dosing__alert" {...api.alertProps}>
        {api.alertText}
      </p>
      <p className="visually-hidden" {...api.statusProps}>
        {api.statusText}
      </p>
      <table className="dosing__table">
        <caption>{content.caption}</caption>
        <thead {...api.headerProps}>
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
            <tr key={`${row.w1}-${api.changes}`} className="dosing__row" {...api.getRowProps(row)}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, index) => (
                // On a phone each row is a card and each cell shows its column's name (dosing-filter.css).
                <td key={index} data-label={content.columns[index + 1]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
