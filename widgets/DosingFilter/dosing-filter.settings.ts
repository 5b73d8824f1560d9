import { defineSettings } from '../../runtime/settings';

/** The dosing table takes no settings from attributes; its rows and alert are content. */
export const dosingFilterSettings = defineSettings('dosing-filter', {});
