import { tabsMachine, type TabsEvent } from '../../machines/tabs/tabs.machine';
import { hashAdapters } from '../../runtime/hash';
import { defineWidget } from '../../runtime/widget';
import { LayoutTabs, type LayoutTabsContent } from './LayoutTabs';
import { layoutTabsSettings } from './layout-tabs.settings';
import { layoutTabsTranslations } from './layout-tabs.translations';

/** Layout tabs share the tabs machine (§4 Tabs rules); only the dots are their own. */
export default defineWidget({
  name: 'layout-tabs',
  settings: layoutTabsSettings,
  machine: tabsMachine,
  input: (settings, content: LayoutTabsContent) => ({ ids: content.tabs.map((tab) => tab.id), initial: settings.initial }),
  provide: () => hashAdapters<TabsEvent>(window),
  translations: layoutTabsTranslations,
  View: LayoutTabs,
  hydrate: 'idle',
});
