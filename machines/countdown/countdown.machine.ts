import { assign, setup } from 'xstate';
import { remaining, shownUnits, type CountdownUnit, type Remaining } from './countdown.rules';

/** §4, §9: the countdown ticks every second. */
export const TICK_MS = 1000;

export interface CountdownInput {
  /** The target instant in UTC ms (countdown.rules targetTime). */
  target: number;
  smallest: number;
  largest: number;
  now: () => number;
}

export interface CountdownContext {
  target: number;
  units: CountdownUnit[];
  left: Remaining;
  now: () => number;
}

export type CountdownEvent = { type: 'countdown.start' };

/**
 * Each measurement either ends the countdown for good or keeps it running; one transition per tick
 * (issue 15: a day of the home page replays 86,400 ticks, so the tick takes one microstep, not two).
 */
const measureThenRunOrEnd = [
  { guard: 'hasEnded', target: 'ended', actions: 'measure' },
  { target: 'running', reenter: true, actions: 'measure' },
] as const;

/**
 * §4 Countdown: idle until the view starts it (so the prerendered page and the first hydrated
 * render agree), then measures every second and stops for good once the end time has passed.
 */
export const countdownMachine = setup({
  types: {} as { context: CountdownContext; input: CountdownInput; events: CountdownEvent },
  delays: { tick: TICK_MS },
  guards: {
    hasEnded: ({ context }) => context.now() >= context.target,
  },
  actions: {
    measure: assign(({ context }) => ({ left: remaining(context.now(), context.target, context.units) })),
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => {
    const units = shownUnits(input.smallest, input.largest);
    return { target: input.target, units, left: Object.fromEntries(units.map((u) => [u, 0])), now: input.now };
  },
  initial: 'idle',
  states: {
    idle: { on: { 'countdown.start': [...measureThenRunOrEnd] } },
    running: { after: { tick: [...measureThenRunOrEnd] } },
    ended: {},
  },
});
