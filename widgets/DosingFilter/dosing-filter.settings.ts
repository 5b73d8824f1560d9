import { defineSettings, setting } from '../../runtime/settings';

/**
 * The dosing table's rows and alert are content. Issue 51: `report-typed` says whether a problem
 * report keeps the weight the visitor typed (`kept`: a number with nothing of the visitor's name in
 * it, and what a tester needs to see the table's answer) or masks it like any typed text (`masked`,
 * the default).
 */
export const dosingFilterSettings = defineSettings('dosing-filter', {
  reportTyped: setting.oneOf(['masked', 'kept'], 'masked'),
});
