import { defineSettings } from '../../runtime/settings';

/** Magazine tabs take their groups and entries as content; no attribute settings. */
export const magazineTabsSettings = defineSettings('magazine-tabs', {});
