import { tabsMachine, type TabsEvent } from '../../machines/tabs/tabs.machine';
import { hashAdapters } from '../../runtime/hash';
import { defineWidget } from '../../runtime/widget';
import { TabsView, type TabsContent } from './Tabs';
import { tabsSettings } from './tabs.settings';

export default defineWidget({
  name: 'tabs',
  settings: tabsSettings,
  machine: tabsMachine,
  input: (settings, content: TabsContent) => ({ ids: content.tabs.map((tab) => tab.id), initial: settings.initial }),
  provide: () => hashAdapters<TabsEvent>(window),
  View: TabsView,
  // §2: a hash on load must reach the tabs even when they are below the fold.
  hydrate: 'idle',
});
