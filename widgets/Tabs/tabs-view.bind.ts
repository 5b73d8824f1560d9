import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { tabsMachine } from '../../machines/tabs/tabs.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { connectTabList } from './tab-list.connect';

/** TabsView's own tab list and panels, under its `.sc-tabs` element (a panel may hold another tabs island). */
const TABS = ':scope > [role="tablist"] > [role="tab"]';
const PANELS = ':scope > [role="tabpanel"]';

/**
 * Draws a state on a prerendered TabsView (its `.sc-tabs` element) as it renders it: the tab list's
 * selection and roving tab index (tab-list.connect.ts), the open panel, and the entrance mark while
 * it runs. The tabs' and the layout tabs' behaviours draw with it (issue 35, goal 2).
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

/** The tab list's connect layer over the machine's snapshot (the titles are the markup's own). */
const tabList = (snapshot: SnapshotFrom<typeof tabsMachine>, select: (index: number) => void) =>
  connectTabList({ tabs: snapshot.context.ids.map((id) => ({ id, title: '' })), active: snapshot.context.active }, select);

/** A prerendered TabsView's clicks and keys on its tab list, sent to the machine as the view's handlers send them. */
export function listenTabsView(view: Element | null, actor: ActorRefFrom<typeof tabsMachine>): () => void {
  const tabs = view ? [...view.querySelectorAll<HTMLElement>(TABS)] : [];
  return listenTabList(tabs, () => tabList(actor.getSnapshot(), (index) => actor.send({ type: 'tab.select', index })));
}

/**
 * Clicks and keys on a prerendered tab list's `tabs`, answered as TabList.tsx answers them: by the
 * tab list's connect layer (`api`, for the machine's state at each event), which sends the widget's
 * own event and moves focus. The tabs', the layout tabs' and the tab section's behaviours listen with it.
 */
export function listenTabList(tabs: readonly HTMLElement[], api: () => ReturnType<typeof connectTabList>): () => void {
  const list = tabs[0]?.parentElement;
  if (!list) return () => undefined;
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
  return listenTo(list, { click: onClick, keydown: onKeyDown });
}
