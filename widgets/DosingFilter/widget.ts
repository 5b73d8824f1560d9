import { dosingFilterMachine } from '../../machines/dosing-filter/dosing-filter.machine';
import { defineWidget } from '../../runtime/widget';
import { DosingFilter, type DosingContent } from './DosingFilter';
import { dosingFilterSettings } from './dosing-filter.settings';
import { dosingFilterTranslations } from './dosing-filter.translations';

export default defineWidget({
  name: 'dosing-filter',
  settings: dosingFilterSettings,
  machine: dosingFilterMachine,
  input: (_settings, content: DosingContent) => ({ alertMessage: content.alert }),
  translations: dosingFilterTranslations,
  View: DosingFilter,
  // A visitor reaches the table by scrolling or by tabbing into the field; either hydrates it.
  hydrate: 'idle',
});
