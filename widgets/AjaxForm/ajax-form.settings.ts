import { defineSettings, setting } from '../../runtime/settings';

/** §3 Contact form: an optional redirect target (data-redirect); empty shows the answer instead. */
export const ajaxFormSettings = defineSettings('ajax-form', {
  redirect: setting.custom('', (raw) => (raw.startsWith('/') && !raw.startsWith('//') ? raw : '')),
});
