import { fromCallback } from 'xstate';
import { tabsMachine, type TabsEvent } from '../../machines/tabs/tabs.machine';
import { replaceHash, watchHash } from '../../runtime/hash';
import { defineWidget } from '../../runtime/widget';
import type { TabsContent } from '../Tabs/Tabs';
import { LayoutTabs } from './LayoutTabs';
import { layoutTabsSettings } from './layout-tabs.settings';

/** Layout tabs share the tabs machine (§4 Tabs rules); only the dots are their own. */
export default defineWidget({
  name: 'layout-tabs',
  settings: layoutTabsSettings,
  machine: tabsMachine,
  input: (settings, content: TabsContent) => ({ ids: content.tabs.map((tab) => tab.id), initial: settings.initial }),
  provide: () => ({
    actions: { writeHash: (_args, { hash }) => replaceHash(window, hash) },
    actors: { location: fromCallback<TabsEvent>(({ sendBack }) => watchHash(window, (hash) => sendBack({ type: 'hash.change', hash }))) },
  }),
  View: LayoutTabs,
  hydrate: 'idle',
});
