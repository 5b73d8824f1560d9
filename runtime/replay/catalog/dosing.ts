import { dosingFilterMachine } from '../../../machines/dosing-filter/dosing-filter.machine';
import type { CatalogEntry } from './types';

export const dosingMachines: Record<string, CatalogEntry> = {
  'dosing-filter': {
    machine: dosingFilterMachine,
    input: { alertMessage: 'Call your doctor for a child under 6 lb.' },
    events: ['28', 'all', 'abc', '3', '450'].map((value) => ({ type: 'filter.change', value })),
    transient: ['filtering'],
  },
};
