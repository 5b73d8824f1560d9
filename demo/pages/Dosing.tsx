import { Island } from '../../runtime/build/Island';
import dosingFilter from '../../widgets/DosingFilter/widget';
import { dosingTable } from '../content/dosing';

export function DosingPage() {
  return (
    <article className="page">
      <h1>Fever and pain medicine: dosing by weight</h1>
      <p className="lead">
        Find your child’s dose of acetaminophen (Tylenol) or ibuprofen (Advil, Motrin) by their weight in pounds. Dose by
        weight, not by age, and use the syringe or cup that came with the medicine.
      </p>
      <aside className="note note--safety" aria-labelledby="safety-title">
        <h2 id="safety-title">Before you give any medicine</h2>
        <ul>
          <li>This table is example content. A clinician must review any dosing table before it is used for care.</li>
          <li>Call your doctor before giving medicine to a child under 6 lb, and never give ibuprofen to a baby under 6 months.</li>
          <li>Acetaminophen: every 4 to 6 hours, no more than 5 doses in 24 hours. Ibuprofen: every 6 to 8 hours.</li>
          <li>Check the strength on the bottle: the liquid columns are for 160 mg per 5 mL and 100 mg per 5 mL only.</li>
        </ul>
      </aside>
      <Island widget={dosingFilter} content={dosingTable} id="dosing-table" />
      <p className="note note--source">
        Source: example bands in the form used by paediatric practices for over-the-counter fever medicine. Rows list their
        weight range in pounds; the highest range ends at 300 lb.
      </p>
    </article>
  );
}
