import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { countdownMachine } from '../../machines/countdown/countdown.machine';
import { DEFAULT_LARGEST, DEFAULT_SMALLEST, targetTime } from '../../machines/countdown/countdown.rules';
import { drawProps, drawText } from '../../runtime/connect';
import { defineSettings, setting } from '../../runtime/settings';
import { defineBehaviour } from '../../runtime/widget';
import { connectCountdownContent, startCountdown, type CountdownContent } from './countdown.connect';
import { countdownTranslations } from './countdown.translations';

/** §3 Countdown settings: the target (month 0-based, as the original markup), the zone offset in minutes, the scale. */
export const countdownSettings = defineSettings('countdown', {
  year: setting.number(2027, { integer: true, min: 1970, max: 9999 }),
  month: setting.number(0, { integer: true, min: 0, max: 11 }),
  day: setting.number(1, { integer: true, min: 1, max: 31 }),
  hour: setting.number(0, { integer: true, min: 0, max: 23 }),
  minute: setting.number(0, { integer: true, min: 0, max: 59 }),
  timezone: setting.number(0, { integer: true, min: -840, max: 840 }),
  minimum: setting.number(DEFAULT_SMALLEST, { integer: true, min: 1, max: 7 }),
  maximum: setting.number(DEFAULT_LARGEST, { integer: true, min: 1, max: 7 }),
});

const ROOT = ':scope > .countdown';
const TIMER = ':scope > .countdown__timer';
const UNITS = ':scope > .countdown__timer > .countdown__units > .countdown__unit';
const ENDED = ':scope > .countdown__ended';

type Snapshot = SnapshotFrom<typeof countdownMachine>;

/** Draws a state on the prerendered countdown as Countdown.tsx renders it: the timer shown or hidden, each unit's number and name, the ended text. */
export function drawCountdown(element: HTMLElement, snapshot: Snapshot, content: CountdownContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connectCountdownContent(snapshot, content);
  drawProps(root, api.rootProps);
  const timer = root.querySelector(TIMER);
  if (timer) drawProps(timer, api.timerProps);
  root.querySelectorAll(UNITS).forEach((item, index) => {
    const unit = api.units[index];
    const value = item.querySelector('.countdown__value');
    const label = item.querySelector('.countdown__label');
    if (!unit) return;
    if (value) drawText(value, String(unit.value));
    if (label) drawText(label, unit.label);
  });
  // The ended text is there only once the end has passed (the view renders it then, after the timer).
  const ended = root.querySelector(ENDED);
  if (api.ended && !ended) {
    const text = root.ownerDocument.createElement('p');
    text.className = 'countdown__ended';
    text.textContent = content.ended;
    root.append(text);
  } else if (!api.ended) ended?.remove();
}

/** What the view's mount effect sends: the countdown starts as soon as it is on the page. */
function listen(_element: HTMLElement, actor: ActorRefFrom<typeof countdownMachine>): () => void {
  actor.send(startCountdown);
  return () => undefined;
}

/**
 * The countdown without its view (issue 35, goal 2): its units' numbers and names, the timer shown
 * and the ended text are drawn on the prerendered markup, every second of the machine's tick on the
 * runtime's clock (its "now" is the clock's, given as the machine's input as the view's is), and no
 * React loads for it. It has no control; answering (widgets/registry.ts) means a tap on it does not
 * load the view either.
 */
export default defineBehaviour({
  name: 'countdown',
  settings: countdownSettings,
  machine: countdownMachine,
  input: (s, _content: CountdownContent, env) => ({
    target: targetTime(s),
    smallest: s.minimum,
    largest: s.maximum,
    now: env.clock.now,
  }),
  translations: countdownTranslations,
  hydrate: 'visible',
  bind: drawCountdown,
  connect: listen,
});
