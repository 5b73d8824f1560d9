import type { ReactNode } from 'react';

/**
 * A term with a tooltip (§4 Tooltips, WAI-ARIA tooltip pattern): the trigger is described by the
 * role="tooltip" element. The tooltips page service (runtime/services/tooltips.ts) runs its timing;
 * without JS, hover and focus show it through CSS.
 */
export function Tooltip({ id, tip, children }: { id: string; tip: string; children: ReactNode }) {
  return (
    <span className="tooltip" data-tooltip="">
      <button type="button" className="tooltip__trigger" aria-describedby={id}>
        {children}
      </button>
      <span className="tooltip__bubble" role="tooltip" id={id}>
        {tip}
      </span>
    </span>
  );
}
