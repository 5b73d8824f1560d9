import { fromCallback } from 'xstate';
import { tabsMachine, type TabsEvent } from '../../machines/tabs/tabs.machine';
import { replaceHash, watchHash } from '../../runtime/hash';
import { defineWidget } from '../../runtime/widget';
import { TabsView, type TabsContent } from './Tabs';
import { tabsSettings } from './tabs.settings';

export default defineWidget({
  name: 'tabs',
  settings: tabsSettings,
  machine: tabsMachine,
  input: (settings, content: TabsContent) => ({ ids: content.tabs.map((tab) => tab.id), initial: settings.initial }),
  provide: () => ({
    actions: { writeHash: (_args, { hash }) => replaceHash(window, hash) },
    actors: { location: fromCallback<TabsEvent>(({ sendBack }) => watchHash(window, (hash) => sendBack({ type: 'hash.change', hash }))) },
  }),
  View: TabsView,
  // §2: a hash on load must reach the tabs even when they are below the fold.
  hydrate: 'idle',
});
