import type { DosingContent } from '../../widgets/DosingFilter/DosingFilter';

/**
 * Example dosing content in the shape paediatric practices publish (reference notes, Dosing table).
 * Bands are inclusive pounds; the last band ends at the 300 lb cap.
 */
export const dosingTable: DosingContent = {
  caption: 'Acetaminophen and ibuprofen by weight (example content)',
  columns: ['Child’s weight', 'Acetaminophen dose', 'Acetaminophen liquid, 160 mg per 5 mL', 'Ibuprofen dose', 'Ibuprofen liquid, 100 mg per 5 mL'],
  alert:
    'Children under 6 lb need a doctor’s advice before any medicine. Do not give ibuprofen to babies under 6 months. Call us or your doctor first.',
  rows: [
    { w1: 6, w2: 11, label: '6–11 lb', cells: ['40 mg', '1.25 mL', 'Not under 6 months', '—'] },
    { w1: 12, w2: 17, label: '12–17 lb', cells: ['80 mg', '2.5 mL', '50 mg', '2.5 mL'] },
    { w1: 18, w2: 23, label: '18–23 lb', cells: ['120 mg', '3.75 mL', '75 mg', '3.75 mL'] },
    { w1: 24, w2: 35, label: '24–35 lb', cells: ['160 mg', '5 mL', '100 mg', '5 mL'] },
    { w1: 36, w2: 47, label: '36–47 lb', cells: ['240 mg', '7.5 mL', '150 mg', '7.5 mL'] },
    { w1: 48, w2: 59, label: '48–59 lb', cells: ['320 mg', '10 mL', '200 mg', '10 mL'] },
    { w1: 60, w2: 71, label: '60–71 lb', cells: ['400 mg', '12.5 mL', '250 mg', '12.5 mL'] },
    { w1: 72, w2: 95, label: '72–95 lb', cells: ['480 mg', '15 mL', '300 mg', '15 mL'] },
    { w1: 96, w2: 300, label: '96 lb and over', cells: ['640 mg', '20 mL', '400 mg', '20 mL'] },
  ],
};
