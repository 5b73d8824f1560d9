import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { animatedNumberMachine, DEFAULT_DURATION_MS, type AnimatedNumberEvent } from '../../machines/animated-number/animated-number.machine';
import { drawProps, drawText } from '../../runtime/connect';
import { defineSettings, setting } from '../../runtime/settings';
import { watchWaypoint } from '../../runtime/waypoint-watch';
import { defineBehaviour } from '../../runtime/widget';
import { connectAnimatedNumber } from './animated-number.connect';

/** The island's content; here, where the view imports its settings from (the view is never imported back). */
export interface AnimatedNumberContent {
  /** What the number counts, e.g. "home visits this year". */
  label: string;
}

/** §3 Animated number: number, start_from, number_format (thousands separator), timer (ms). */
export const animatedNumberSettings = defineSettings('animated-number', {
  number: setting.number(0, { integer: true }),
  start_from: setting.number(0, { integer: true }),
  number_format: setting.string(''),
  timer: setting.number(DEFAULT_DURATION_MS, { min: 0 }),
});

const ROOT = ':scope > .animated-number';
const SHOWN = ':scope > .animated-number__value';
const SPOKEN = ':scope > .visually-hidden';

type Snapshot = SnapshotFrom<typeof animatedNumberMachine>;

/** The island's thousands separator: its settings, read again from its attributes (the runtime warned about a bad one once). */
const connect = (element: HTMLElement, snapshot: Snapshot, send: (event: AnimatedNumberEvent) => void) =>
  connectAnimatedNumber(snapshot, send, animatedNumberSettings.parse(element.dataset, () => undefined).number_format);

/** Draws a state on the prerendered number as AnimatedNumber.tsx renders it: its state, the frame's digits and the number spoken. */
export function drawAnimatedNumber(element: HTMLElement, snapshot: Snapshot) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(element, snapshot, () => undefined);
  drawProps(root, api.rootProps);
  const shown = root.querySelector(SHOWN);
  const spoken = root.querySelector(SPOKEN);
  if (shown) {
    drawProps(shown, api.countingProps);
    drawText(shown, api.shown);
  }
  if (spoken) drawText(spoken, api.spoken);
}

/** The view's waypoint: the count starts when the number is seen. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof animatedNumberMachine>): () => void {
  const root = element.querySelector(ROOT);
  if (!root) return () => undefined;
  return watchWaypoint(root, (reducedMotion) => connect(element, actor.getSnapshot(), actor.send).onEnter(reducedMotion));
}

/**
 * The animated number without its view (issue 35, goal 2): the count is the digits' text and a state
 * attribute on the prerendered number, so the behaviour counts when the number is seen, on the
 * machine's frames (the runtime's clock), and no React loads for it. It has no control; answering
 * (widgets/registry.ts) means a tap on it does not load the view either.
 */
export default defineBehaviour({
  name: 'animated-number',
  settings: animatedNumberSettings,
  machine: animatedNumberMachine,
  input: (s, _content: AnimatedNumberContent) => ({ number: s.number, startFrom: s.start_from, durationMs: s.timer }),
  bind: drawAnimatedNumber,
  connect: listen,
});
