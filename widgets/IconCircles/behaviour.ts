import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { iconCirclesMachine, type IconCirclesEvent } from '../../machines/icon-circles/icon-circles.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { defineSettings } from '../../runtime/settings';
import { watchWaypoint } from '../../runtime/waypoint-watch';
import { defineBehaviour } from '../../runtime/widget';
import type { IconCirclesContent } from './IconCircles';
import { connectIconCircles } from './icon-circles.connect';

export const iconCirclesSettings = defineSettings('icon-circles', {});

const ROOT = ':scope > .icon-circles';
const BUTTONS = ':scope > .icon-circles__ring > .icon-circles__item > .icon-circles__icon';
const DETAILS = ':scope > .icon-circles__centre > .icon-circles__detail';

type Snapshot = SnapshotFrom<typeof iconCirclesMachine>;

const connect = (snapshot: Snapshot, send: (event: IconCirclesEvent) => void, content: IconCirclesContent) => connectIconCircles(snapshot, send, content.label);

/** Draws a state on the prerendered circles as IconCircles.tsx renders it: the entry animation's state, the pressed icon and the text shown. */
export function drawIconCircles(element: HTMLElement, snapshot: Snapshot, content: IconCirclesContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  drawProps(root, api.rootProps);
  root.querySelectorAll(BUTTONS).forEach((button, index) => drawProps(button, api.getButtonProps(index)));
  root.querySelectorAll(DETAILS).forEach((detail, index) => drawProps(detail, api.getDetailProps(index)));
}

/** The view's waypoint, and a click, hover or focus on an icon, sent to the machine as the view's handlers send them. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof iconCirclesMachine>, content: IconCirclesContent): () => void {
  const root = element.querySelector<HTMLElement>(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  const stopWatching = watchWaypoint(root, (reducedMotion) => api().onEnter(reducedMotion));
  const buttons = [...root.querySelectorAll<HTMLElement>(BUTTONS)];
  const onIcon = (event: Event) => {
    const index = buttons.findIndex((button) => event.target instanceof Node && button.contains(event.target));
    if (index < 0) return;
    // React's onMouseEnter: once as the pointer comes onto the button, not again over its icon and title.
    if (event.type === 'mouseover' && event instanceof MouseEvent && event.relatedTarget instanceof Node && buttons[index]?.contains(event.relatedTarget)) return;
    const props = api().getButtonProps(index);
    if (event.type === 'click') props.onClick();
    else if (event.type === 'mouseover') props.onMouseEnter();
    else props.onFocus();
  };
  const stopListening = listenTo(root, { click: onIcon, mouseover: onIcon, focusin: onIcon });
  return () => {
    stopWatching();
    stopListening();
  };
}

/**
 * The icon circles without their view (issue 35, goal 2): the entry animation, the pressed icon and
 * the text shown in the centre are a few attributes on the prerendered markup, so the behaviour starts
 * the animation when the circles are seen and answers a tap, hover or focus itself (`answersInput` in
 * widgets/registry.ts), with no React.
 */
export default defineBehaviour({
  name: 'icon-circles',
  settings: iconCirclesSettings,
  machine: iconCirclesMachine,
  input: (_s, content: IconCirclesContent) => ({ count: content.items.length }),
  bind: drawIconCircles,
  connect: listen,
});
