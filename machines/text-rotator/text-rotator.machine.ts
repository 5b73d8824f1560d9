import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate';

/** §9: the typewriter marks the text, clears it after 800 ms … */
export const CLEAR_AFTER_MS = 800;
/** … and starts typing 1500 ms after the mark (reference notes: both counted from the mark). */
export const TYPE_AFTER_MS = 1500;
/** §9: 50 ms per character … */
export const CHARACTER_MS = 50;
/** … plus a random 0-99 ms. */
export const CHARACTER_JITTER_MS = 100;
/** §9: the leaving line moves 30 px (the view's slide offset). */
export const SLIDE_OFFSET_PX = 30;
/** The original's default interval between lines: 5 s. */
export const DEFAULT_INTERVAL_S = 5;

export type RotatorAnimation = 'slide' | 'fade' | 'typewriter';

export interface TextRotatorInput {
  /** Characters per line, in order. */
  lengths: number[];
  animation: RotatorAnimation;
  intervalMs: number;
  random: () => number;
  /** prefers-reduced-motion: lines change whole, never typed character by character. */
  reducedMotion?: boolean;
}

export interface TextRotatorContext {
  lengths: number[];
  animation: RotatorAnimation;
  intervalMs: number;
  random: () => number;
  reducedMotion: boolean;
  index: number;
  /** Characters of the current line shown while typing. */
  typed: number;
  jitter: number;
  /** Counts line changes so the view can replay its enter animation. */
  changes: number;
}

export type TextRotatorEvent =
  | { type: 'rotator.pause' }
  | { type: 'rotator.resume' }
  /** Issue 31.12 (WCAG 2.2.2): the pause control stops the rotation until it is played again; hover and focus do not undo it. */
  | { type: 'rotator.stop' }
  | { type: 'rotator.play' }
  /** Issue 22: the page was hidden (a background tab) or shows again (the pageVisibility adapter). */
  | { type: 'page.hide' }
  | { type: 'page.show' };

/**
 * §1, §5, §9 Rotating text: one line at a time. Slide and fade just change line on the interval;
 * the typewriter marks the line, clears it, then types the next one character by character.
 * With one line or none it does nothing (§5). Pausing (hover, focus) holds the line, whatever step
 * the typewriter is at (issue 49.a, WCAG 2.2.2): marked, cleared or half typed, the line it was on
 * shows whole and stays until resumed. Under reduced
 * motion the typewriter changes lines whole, like fade (the view drops the CSS animations). While
 * the page is hidden nothing rotates; shown again, it goes on from the state it was in. The pause
 * control (WCAG 2.2.2) stops it with the line shown whole, until it is played again.
 */
export const textRotatorMachine = setup({
  types: {} as { context: TextRotatorContext; input: TextRotatorInput; events: TextRotatorEvent },
  delays: {
    interval: ({ context }) => context.intervalMs,
    clearAfter: CLEAR_AFTER_MS,
    typeAfterClear: TYPE_AFTER_MS - CLEAR_AFTER_MS,
    character: ({ context }) => CHARACTER_MS + context.jitter,
  },
  guards: {
    hasTooFewLines: ({ context }) => context.lengths.length < 2,
    isTypewriter: ({ context }) => context.animation === 'typewriter' && !context.reducedMotion,
    isLineTyped: ({ context }) => context.typed >= (context.lengths[context.index] ?? 0),
  },
  actors: {
    /** Adapter: sends `page.hide` while the page is hidden and `page.show` when it shows again. */
    pageVisibility: fromCallback<TextRotatorEvent>(() => () => {}),
  },
  actions: {
    nextLine: assign(({ context }) => ({
      index: (context.index + 1) % context.lengths.length,
      changes: context.changes + 1,
      typed: 0,
    })),
    rollJitter: assign(({ context }) => ({ jitter: Math.floor(context.random() * CHARACTER_JITTER_MS) })),
    typeCharacter: assign(({ context }) => ({ typed: context.typed + 1 })),
    showWholeLine: assign(({ context }) => ({ typed: context.lengths[context.index] ?? 0 })),
  },
}).createMachine({
  id: 'textRotator',
  context: ({ input }) => ({
    lengths: input.lengths,
    animation: input.animation,
    intervalMs: input.intervalMs,
    random: input.random,
    reducedMotion: input.reducedMotion ?? false,
    index: 0,
    typed: input.lengths[0] ?? 0,
    jitter: 0,
    changes: 0,
  }),
  invoke: { src: 'pageVisibility' },
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasTooFewLines', target: 'inactive' }, { target: 'rotating' }] },
    inactive: {},
    rotating: {
      on: { 'page.hide': 'hidden', 'rotator.stop': { target: '.stopped', actions: 'showWholeLine' } },
      initial: 'showing',
      states: {
        showing: {
          on: { 'rotator.pause': 'paused' },
          after: {
            interval: [{ guard: 'isTypewriter', target: 'marking' }, { target: 'showing', reenter: true, actions: 'nextLine' }],
          },
        },
        paused: { on: { 'rotator.resume': 'showing' } },
        stopped: { on: { 'rotator.stop': {}, 'rotator.play': 'showing' } },
        marking: {
          on: { 'rotator.pause': { target: 'paused', actions: 'showWholeLine' } },
          after: { clearAfter: { target: 'cleared', actions: 'nextLine' } },
        },
        cleared: {
          on: { 'rotator.pause': { target: 'paused', actions: 'showWholeLine' } },
          after: { typeAfterClear: { target: 'typing', actions: 'rollJitter' } },
        },
        typing: {
          always: { guard: 'isLineTyped', target: 'showing' },
          on: { 'rotator.pause': { target: 'paused', actions: 'showWholeLine' } },
          after: { character: { target: 'typing', reenter: true, actions: ['typeCharacter', 'rollJitter'] } },
        },
        /** Where a hidden page left off (its timer starts again from there). */
        resumed: { type: 'history' },
      },
    },
    hidden: { on: { 'page.show': '#textRotator.rotating.resumed' } },
  },
});

/** The phase a view shows (its data-state): the rotating step, or checking, inactive, hidden. */
export function rotatorPhase(value: SnapshotFrom<typeof textRotatorMachine>['value']): string {
  return typeof value === 'string' ? value : value.rotating;
}
