import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { imageHotspotsMachine, type ImageHotspotsEvent } from '../../machines/image-hotspots/image-hotspots.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { domId } from '../../runtime/ids';
import { defineSettings } from '../../runtime/settings';
import { watchWaypoint } from '../../runtime/waypoint-watch';
import { defineBehaviour } from '../../runtime/widget';
import type { ImageHotspotsContent } from './ImageHotspots';
import { connectImageHotspots } from './image-hotspots.connect';

export const imageHotspotsSettings = defineSettings('image-hotspots', {});

const ROOT = ':scope > .image-hotspots';
const SPOTS = ':scope > .image-hotspots__stage > .image-hotspots__spot';
const BUTTON = ':scope > .image-hotspots__button';
const TOOLTIP = ':scope > [role="tooltip"]';

type Snapshot = SnapshotFrom<typeof imageHotspotsMachine>;

const connect = (snapshot: Snapshot, send: (event: ImageHotspotsEvent) => void, content: ImageHotspotsContent) =>
  connectImageHotspots(snapshot, send, domId('hotspots', content.image.src));

/** Draws a state on the prerendered hotspots as ImageHotspots.tsx renders it: the spots revealed, the open tooltip and the button it describes. */
export function drawImageHotspots(element: HTMLElement, snapshot: Snapshot, content: ImageHotspotsContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  root.querySelectorAll(SPOTS).forEach((spot, index) => {
    drawProps(spot, api.getSpotProps(index));
    const button = spot.querySelector(BUTTON);
    const tooltip = spot.querySelector(TOOLTIP);
    if (button) drawProps(button, api.getButtonProps(index));
    if (tooltip) drawProps(tooltip, api.getTooltipProps(index));
  });
}

/** The view's waypoint and its handlers (hover, focus, a click on a spot or its tooltip, Escape), sent to the machine as the view sends them. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof imageHotspotsMachine>, content: ImageHotspotsContent): () => void {
  const root = element.querySelector<HTMLElement>(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  const spots = [...root.querySelectorAll<HTMLElement>(SPOTS)];
  const indexOf = (node: EventTarget | null) => spots.findIndex((spot) => node instanceof Node && spot.contains(node));
  /** React's mouseenter and mouseleave on a spot: the pointer crossing its edge, not moving inside it. */
  const crossing = (event: MouseEvent) => {
    const index = indexOf(event.target);
    return index >= 0 && indexOf(event.relatedTarget) !== index ? index : -1;
  };
  const onMouseOver = (event: MouseEvent) => {
    const index = crossing(event);
    if (index >= 0) api().getSpotProps(index).onMouseEnter();
  };
  const onMouseOut = (event: MouseEvent) => {
    const index = crossing(event);
    if (index >= 0) api().getSpotProps(index).onMouseLeave();
  };
  const onButton = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('.image-hotspots__button') : null;
    const index = button ? indexOf(button) : -1;
    if (index < 0) return;
    const props = api().getButtonProps(index);
    if (event.type === 'focusin') props.onFocus();
    else if (event.type === 'focusout') props.onBlur();
    else props.onClick();
  };
  const onClick = (event: Event) => {
    const tooltip = event.target instanceof Element ? event.target.closest('[role="tooltip"]') : null;
    if (tooltip) api().getTooltipProps(indexOf(tooltip)).onClick();
    else onButton(event);
  };
  const onKeyDown = (event: KeyboardEvent) => api().rootProps.onKeyDown({ key: event.key, currentTarget: root, preventDefault: () => event.preventDefault() });
  // WCAG 1.4.13: while a tooltip is open, Escape anywhere on the page closes it (the view listens on the document then too).
  const onDocumentKeyDown = (event: KeyboardEvent) => {
    if (!root.contains(event.target instanceof Node ? event.target : null)) api().documentKeyDown?.(event);
  };
  const stops = [
    watchWaypoint(root, (reducedMotion) => api().onViewEnter(reducedMotion)),
    listenTo(root, { mouseover: onMouseOver, mouseout: onMouseOut, focusin: onButton, focusout: onButton, click: onClick, keydown: onKeyDown }),
    listenTo(root.ownerDocument, { keydown: onDocumentKeyDown }),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * The image hotspots without their view (issue 35, goal 2): the spots revealed, the open tooltip and
 * the button it describes are a few attributes on the prerendered figure, so the behaviour reveals the
 * spots when seen and answers a tap, hover, focus or Escape itself (`answersInput` in
 * widgets/registry.ts), with no React.
 */
export default defineBehaviour({
  name: 'image-hotspots',
  settings: imageHotspotsSettings,
  machine: imageHotspotsMachine,
  input: (_s, content: ImageHotspotsContent) => ({ count: content.spots.length }),
  bind: drawImageHotspots,
  connect: listen,
});
