import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { tabsMachine, type TabsEvent } from '../../machines/tabs/tabs.machine';
import { drawProps } from '../../runtime/connect';
import { hashAdapters } from '../../runtime/hash';
import { defineBehaviour } from '../../runtime/widget';
import { drawTabsView, listenTabsView } from '../Tabs/tabs-view.bind';
import type { LayoutTabsContent } from './LayoutTabs';
import { connectLayoutTabs } from './layout-tabs.connect';
import { layoutTabsSettings } from './layout-tabs.settings';
import { layoutTabsTranslations } from './layout-tabs.translations';

/** The island's TabsView and its row of dots. */
const VIEW = ':scope > .sc-layout-tabs > .sc-tabs';
const DOTS = ':scope > .sc-layout-tabs > .sc-layout-tabs__dots > .sc-layout-tabs__dot';

type Snapshot = SnapshotFrom<typeof tabsMachine>;

/** The dots' connect layer: only what a state changes is read from it (their names are the markup's own). */
const dots = (snapshot: Snapshot, send: (event: TabsEvent) => void) => connectLayoutTabs(snapshot, send, { label: '', tabs: [] }, layoutTabsTranslations);

/** Draws a state on the prerendered layout tabs as LayoutTabs.tsx renders it: the tabs, and the current tab's dot. */
export function drawLayoutTabs(element: HTMLElement, snapshot: Snapshot) {
  drawTabsView(element.querySelector(VIEW), snapshot);
  const api = dots(snapshot, () => undefined);
  element.querySelectorAll(DOTS).forEach((dot, index) => drawProps(dot, { 'aria-current': api.getDotProps(index)['aria-current'] }));
}

/** The tab list's clicks and keys, and a click on a dot, sent to the machine as the view's handlers send them. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof tabsMachine>): () => void {
  const stopTabs = listenTabsView(element.querySelector(VIEW), actor);
  const buttons = [...element.querySelectorAll<HTMLElement>(DOTS)];
  const onClick = (event: Event) => {
    const dot = event.target instanceof Element ? event.target.closest<HTMLElement>('.sc-layout-tabs__dot') : null;
    const index = dot ? buttons.indexOf(dot) : -1;
    if (index >= 0) dots(actor.getSnapshot(), actor.send).getDotProps(index).onClick();
  };
  const row = buttons[0]?.parentElement;
  row?.addEventListener('click', onClick);
  return () => {
    stopTabs();
    row?.removeEventListener('click', onClick);
  };
}

/**
 * The layout tabs without their view (issue 35, goal 2): the tabs' states plus the current dot, a
 * few attributes on the prerendered markup, so the behaviour answers a first tap, key or dot itself
 * (`answersInput` in widgets/registry.ts), as the tabs' does.
 */
export default defineBehaviour({
  name: 'layout-tabs',
  settings: layoutTabsSettings,
  machine: tabsMachine,
  input: (settings, content: LayoutTabsContent) => ({ ids: content.tabs.map((tab) => tab.id), initial: settings.initial }),
  provide: (env) => hashAdapters<TabsEvent>(env.element.ownerDocument.defaultView ?? window),
  translations: layoutTabsTranslations,
  bind: drawLayoutTabs,
  connect: listen,
  // §2: a hash on load must reach the tabs even when they are below the fold.
  hydrate: 'idle',
});
