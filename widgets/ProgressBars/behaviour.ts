import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { progressBarsMachine } from '../../machines/progress-bars/progress-bars.machine';
import type { StaggerRevealEvent } from '../../machines/stagger-reveal/stagger-reveal.machine';
import { drawProps } from '../../runtime/connect';
import { defineSettings } from '../../runtime/settings';
import { watchWaypoint } from '../../runtime/waypoint-watch';
import { defineBehaviour } from '../../runtime/widget';
import type { ProgressBarsContent } from './ProgressBars';
import { connectProgressBars } from './progress-bars.connect';

export const progressBarsSettings = defineSettings('progress-bars', {});

const ROOT = ':scope > .progress-bars';
const BARS = ':scope > .progress-bars__bar';
const LABEL = ':scope > .progress-bars__head > span:first-child';
const VALUE_TEXT = ':scope > .progress-bars__head > span:last-child';
const TRACK = ':scope > .progress-bars__track';

type Snapshot = SnapshotFrom<typeof progressBarsMachine>;

const connect = (snapshot: Snapshot, send: (event: StaggerRevealEvent) => void, content: ProgressBarsContent) => connectProgressBars(snapshot, send, content.bars);

/** Draws a state on the prerendered bars as ProgressBars.tsx renders it: the bars revealed (their fills grow by CSS), each progressbar's value and name. */
export function drawProgressBars(element: HTMLElement, snapshot: Snapshot, content: ProgressBarsContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  drawProps(root, api.rootProps);
  root.querySelectorAll(BARS).forEach((bar, index) => {
    drawProps(bar, api.getBarProps(index));
    const label = bar.querySelector(LABEL);
    const valueText = bar.querySelector(VALUE_TEXT);
    const track = bar.querySelector<HTMLElement>(TRACK);
    if (label) drawProps(label, api.getLabelProps(index));
    if (valueText) drawProps(valueText, api.valueTextProps);
    if (!track) return;
    drawProps(track, api.getTrackProps(index));
    for (const [name, value] of Object.entries(api.getTrackStyle(index))) if (track.style.getPropertyValue(name) !== value) track.style.setProperty(name, value);
  });
}

/** The view's waypoint: the bars fill one by one once seen. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof progressBarsMachine>, content: ProgressBarsContent): () => void {
  const root = element.querySelector(ROOT);
  if (!root) return () => undefined;
  return watchWaypoint(root, (reducedMotion) => connect(actor.getSnapshot(), actor.send, content).onEnter(reducedMotion));
}

/**
 * The progress bars without their view (issue 35, goal 2): the stagger is a class on each
 * prerendered bar (CSS grows its fill to the value the markup already states), so the behaviour
 * reveals the bars when seen, on the machine's delays (the runtime's clock), and no React loads for
 * them. They have no control; answering (widgets/registry.ts) means a tap on them does not load the
 * view either.
 */
export default defineBehaviour({
  name: 'progress-bars',
  settings: progressBarsSettings,
  machine: progressBarsMachine,
  input: (_s, content: ProgressBarsContent) => ({ count: content.bars.length }),
  bind: drawProgressBars,
  connect: listen,
});
