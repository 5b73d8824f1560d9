import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { tabsMachine, type TabsEvent } from '../../machines/tabs/tabs.machine';
import { drawProps } from '../../runtime/connect';
import { hashAdapters } from '../../runtime/hash';
import { defineBehaviour } from '../../runtime/widget';
import type { TabsContent } from './Tabs';
import { connectTabList } from './tab-list.connect';
import { tabsSettings } from './tabs.settings';

/** TabsView's own tab list and panels, under its `.sc-tabs` element (a panel may hold another tabs island). */
const TABS = ':scope > [role="tablist"] > [role="tab"]';
const PANELS = ':scope > [role="tabpanel"]';
/** The tabs island's TabsView. */
const VIEW = ':scope > .sc-tabs';

/**
 * Draws a state on a prerendered TabsView (its `.sc-tabs` element) as it renders it: the tab list's
 * selection and roving tab index (tab-list.connect.ts), the open panel, and the entrance mark while
 * it runs. The layout tabs draw theirs with it too.
 */
export function drawTabsView(view: Element | null, snapshot: SnapshotFrom<typeof tabsMachine>) {
  if (!view) return;
  const { active } = snapshot.context;
  const opening = snapshot.matches('opening');
  const api = tabList(snapshot, () => undefined);
  view.querySelectorAll(TABS).forEach((tab, index) => drawProps(tab, api.getTabProps(index)));
  view.querySelectorAll(PANELS).forEach((panel, index) => {
    drawProps(panel, { hidden: index !== active, 'data-state': index === active && opening ? 'opening' : undefined });
  });
}

/** Draws a state on the prerendered tabs island as TabsView renders it. */
export const drawTabs = (element: HTMLElement, snapshot: SnapshotFrom<typeof tabsMachine>) => drawTabsView(element.querySelector(VIEW), snapshot);

/** The tab list's connect layer over the machine's snapshot (the titles are the markup's own). */
const tabList = (snapshot: SnapshotFrom<typeof tabsMachine>, select: (index: number) => void) =>
  connectTabList({ tabs: snapshot.context.ids.map((id) => ({ id, title: '' })), active: snapshot.context.active }, select);

/** A prerendered TabsView's clicks and keys on its tab list, sent to the machine as the view's handlers send them. */
export function listenTabsView(view: Element | null, actor: ActorRefFrom<typeof tabsMachine>): () => void {
  const tabs = view ? [...view.querySelectorAll<HTMLElement>(TABS)] : [];
  const list = tabs[0]?.parentElement;
  if (!list) return () => undefined;
  const api = () => tabList(actor.getSnapshot(), (index) => actor.send({ type: 'tab.select', index }));
  const tabOf = (event: Event) => {
    const tab = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="tab"]') : null;
    return tab ? tabs.indexOf(tab) : -1;
  };
  const onClick = (event: Event) => {
    const index = tabOf(event);
    if (index >= 0) api().getTabProps(index).onClick();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabOf(event);
    const tab = tabs[index];
    if (tab) api().getTabProps(index).onKeyDown({ key: event.key, currentTarget: tab, preventDefault: () => event.preventDefault() });
  };
  list.addEventListener('click', onClick);
  list.addEventListener('keydown', onKeyDown);
  return () => {
    list.removeEventListener('click', onClick);
    list.removeEventListener('keydown', onKeyDown);
  };
}

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
