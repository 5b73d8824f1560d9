import type { SnapshotFrom } from 'xstate';
import { tabsMachine, type TabsEvent } from '../../machines/tabs/tabs.machine';
import { hashAdapters } from '../../runtime/hash';
import { defineBehaviour } from '../../runtime/widget';
import type { TabsContent } from './Tabs';
import { drawTabsView, listenTabsView } from './tabs-view.bind';
import { tabsSettings } from './tabs.settings';

/** The tabs island's TabsView. */
const VIEW = ':scope > .sc-tabs';

/** Draws a state on the prerendered tabs island as TabsView renders it. */
export const drawTabs = (element: HTMLElement, snapshot: SnapshotFrom<typeof tabsMachine>) => drawTabsView(element.querySelector(VIEW), snapshot);

/**
 * The tabs without their view (issue 35, goal 2): every state they have is a tab selected and its
 * panel shown, which the prerendered markup can show with a few attributes. So the behaviour answers
 * the visitor itself (`answersInput` in widgets/registry.ts): a first tap or arrow key, before any
 * script of the tabs has loaded, is kept and answered once this small chunk arrives, with no React.
 * The view (Tabs.tsx) still renders the page, and loads for the inspector and `hydrateAll()`.
 */
export default defineBehaviour({
  name: 'tabs',
  settings: tabsSettings,
  machine: tabsMachine,
  input: (settings, content: TabsContent) => ({ ids: content.tabs.map((tab) => tab.id), initial: settings.initial }),
  provide: (env) => hashAdapters<TabsEvent>(env.element.ownerDocument.defaultView ?? window),
  bind: drawTabs,
  connect: (element, actor) => listenTabsView(element.querySelector(VIEW), actor),
  // §2: a hash on load must reach the tabs even when they are below the fold.
  hydrate: 'idle',
});
