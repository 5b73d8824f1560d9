import { defineSettings } from '../../runtime/settings';

/** §9: the delay (300 ms) and minimum (3 characters) are the spec's constants, not settings. */
export const ajaxSearchSettings = defineSettings('ajax-search', {});
