import { defineSettings, setting } from '../../runtime/settings';

/** §3 Contact form: an optional redirect target (data-redirect); empty shows the answer instead. */
export const ajaxFormSettings = defineSettings('ajax-form', {
  // A path on this site only: a browser reads `//host` and `/\host` as another host (issue 17).
  redirect: setting.custom('', (raw) => (/^\/(?![/\\])[^\s\\]*$/.test(raw) ? raw : '')),
});
