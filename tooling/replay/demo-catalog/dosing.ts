import { fromIsland } from '../catalog/islands';
import type { CatalogEntry } from '../../../runtime/replay/catalog-types';

export const dosingMachines: Record<string, CatalogEntry> = {
  // The dosing page's table, with its alert text.
  'dosing-filter': {
    ...fromIsland('dosing-filter', { id: 'dosing-table' }),
    events: [
      ...['28', 'all', 'abc', '3', '450'].map((value) => ({ type: 'filter.change', value })),
      // Issue 22: the text of a composition in progress (an IME's full-width digit).
      { type: 'filter.compose', value: '２' },
    ],
    transient: ['filtering'],
  },
};
