import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { iconListMachine } from '../../machines/icon-list/icon-list.machine';
import type { StaggerRevealEvent } from '../../machines/stagger-reveal/stagger-reveal.machine';
import { drawProps } from '../../runtime/connect';
import { defineSettings } from '../../runtime/settings';
import { watchWaypoint } from '../../runtime/waypoint-watch';
import { defineBehaviour } from '../../runtime/widget';
import type { IconListContent } from './IconList';
import { connectIconList } from './icon-list.connect';

export const iconListSettings = defineSettings('icon-list', {});

const ROOT = ':scope > .icon-list';
const ITEMS = ':scope > .icon-list__item';
const ICON = ':scope > .icon-list__icon';

type Snapshot = SnapshotFrom<typeof iconListMachine>;

const connect = (snapshot: Snapshot, send: (event: StaggerRevealEvent) => void, content: IconListContent) => connectIconList(snapshot, send, content.label);

/** Draws a state on the prerendered list as IconList.tsx renders it: its state and the items revealed. */
export function drawIconList(element: HTMLElement, snapshot: Snapshot, content: IconListContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  drawProps(root, api.rootProps);
  root.querySelectorAll(ITEMS).forEach((item, index) => {
    drawProps(item, api.getItemProps(index));
    const icon = item.querySelector(ICON);
    if (icon) drawProps(icon, api.iconProps);
  });
}

/** The view's waypoint: the items appear one by one once the list is seen. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof iconListMachine>, content: IconListContent): () => void {
  const root = element.querySelector(ROOT);
  if (!root) return () => undefined;
  return watchWaypoint(root, (reducedMotion) => connect(actor.getSnapshot(), actor.send, content).onEnter(reducedMotion));
}

/**
 * The icon list without its view (issue 35, goal 2): the stagger is a class on each prerendered item,
 * so the behaviour reveals the items when the list is seen, on the machine's delays (the runtime's
 * clock), and no React loads for it. It has no control; answering (widgets/registry.ts) means a tap
 * on it does not load the view either.
 */
export default defineBehaviour({
  name: 'icon-list',
  settings: iconListSettings,
  machine: iconListMachine,
  input: (_s, content: IconListContent) => ({ count: content.items.length }),
  bind: drawIconList,
  connect: listen,
});
