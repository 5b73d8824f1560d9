import { setup } from 'xstate';

/** §9: tooltip defaults: delay 1500 ms, delayOut 300 ms, animation 200 ms. */
export const TOOLTIP_DELAY_MS = 1500;
export const TOOLTIP_DELAY_OUT_MS = 300;
export const TOOLTIP_ANIMATION_MS = 200;

type TooltipEvent =
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  | { type: 'focus.in' }
  | { type: 'focus.out' }
  | { type: 'trigger.click' }
  | { type: 'key.escape' };

/**
 * Tooltip (§4 Tooltips, WAI-ARIA tooltip pattern): opens 1500 ms after the pointer rests on its
 * trigger (at once on keyboard focus), hides 300 ms after leave, at once on click or Escape, and
 * fades out over 200 ms.
 */
export const tooltipMachine = setup({
  types: {} as { events: TooltipEvent },
  delays: {
    showDelay: TOOLTIP_DELAY_MS,
    hideDelay: TOOLTIP_DELAY_OUT_MS,
    animation: TOOLTIP_ANIMATION_MS,
  },
}).createMachine({
  id: 'tooltip',
  initial: 'closed',
  states: {
    closed: {
      on: { 'pointer.enter': 'waiting', 'focus.in': 'open' },
    },
    waiting: {
      after: { showDelay: 'open' },
      on: { 'pointer.leave': 'closed', 'trigger.click': 'closed', 'key.escape': 'closed', 'focus.in': 'open', 'focus.out': 'closed' },
    },
    open: {
      on: { 'pointer.leave': 'leaving', 'focus.out': 'leaving', 'trigger.click': 'hiding', 'key.escape': 'hiding' },
    },
    leaving: {
      after: { hideDelay: 'hiding' },
      on: { 'pointer.enter': 'open', 'focus.in': 'open', 'trigger.click': 'hiding', 'key.escape': 'hiding' },
    },
    hiding: {
      after: { animation: 'closed' },
      on: { 'pointer.enter': 'waiting', 'focus.in': 'open' },
    },
  },
});
