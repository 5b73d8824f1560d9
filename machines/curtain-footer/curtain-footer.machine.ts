import { cancel, raise, setup } from 'xstate';

/** §9: the curtain footer's maximum height defaults to 70 % of the viewport. */
export const DEFAULT_MAX_HEIGHT_PERCENT = 70;
/** §9: resize is debounced by 150 ms before the footer is measured again. */
export const RESIZE_DEBOUNCE_MS = 150;

export interface CurtainFooterInput {
  maxHeightPercent: number;
}

type CurtainFooterEvent =
  | { type: 'footer.measured'; footerHeight: number; viewportHeight: number }
  | { type: 'page.resize' }
  | { type: 'resize.settled' };

/** Reference notes: the curtain is active only while the footer is at most the max-height share of the viewport. */
export function fitsCurtain(footerHeight: number, viewportHeight: number, maxHeightPercent: number): boolean {
  return footerHeight <= (viewportHeight * maxHeightPercent) / 100;
}

/**
 * Curtain footer (§1, §9): the footer sits fixed behind the page, revealed as the page scrolls off
 * it, while it fits in the max-height share of the viewport; a taller footer scrolls normally.
 */
export const buildCurtainFooterMachine = () =>
  setup({
    types: {} as { input: CurtainFooterInput; context: CurtainFooterInput & { footerHeight: number }; events: CurtainFooterEvent },
    guards: {
      fits: ({ context, event }) => event.type === 'footer.measured' && fitsCurtain(event.footerHeight, event.viewportHeight, context.maxHeightPercent),
    },
    actions: {
      measureFooter: () => undefined,
      applyCurtain: (_, _params: { active: boolean }) => undefined,
      debounceResize: cancel('resizeDebounce'),
      scheduleSettled: raise({ type: 'resize.settled' }, { id: 'resizeDebounce', delay: 'resizeDebounce' }),
    },
    delays: { resizeDebounce: RESIZE_DEBOUNCE_MS },
  }).createMachine({
    id: 'curtainFooter',
    context: ({ input }) => ({ ...input, footerHeight: 0 }),
    initial: 'measuring',
    on: {
      'page.resize': { actions: ['debounceResize', 'scheduleSettled'] },
      'resize.settled': { target: '.measuring' },
    },
    states: {
      measuring: {
        entry: 'measureFooter',
        on: {
          'footer.measured': [{ guard: 'fits', target: 'active' }, { target: 'inactive' }],
        },
      },
      active: { entry: { type: 'applyCurtain', params: { active: true } } },
      inactive: { entry: { type: 'applyCurtain', params: { active: false } } },
    },
  });

/**
 * The chart, built once, for the tests, the replay's catalog and the coverage report. The page's
 * service builds its own with `buildCurtainFooterMachine()` as it starts, in a task of its own
 * (runtime/boot.ts): the page's entry builds no chart while it is evaluated (issue 49, goal 2), and
 * the bundler leaves this pure call out of it.
 */
export const curtainFooterMachine = /* @__PURE__ */ buildCurtainFooterMachine();
