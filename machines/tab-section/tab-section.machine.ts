import { and, assign, fromCallback, setup } from 'xstate';
import { hashFor, indexForHash, initialIndex } from '../tabs/tabs.rules';
import { panelTabStops, stepIndex, swipeStep, type TitleBox } from './tab-section.rules';

/** §9: tab switch animation delay 600 ms (start-animation and height-change events). */
export const TAB_SWITCH_DELAY_MS = 600;
/** §9: height recalculation 500 ms after a resize. */
export const HEIGHT_RECALC_DELAY_MS = 500;

/**
 * §4 Tab-section widget. Exactly one tab is active; a click, an arrow button or (on mobile) a swipe
 * activates one. 600 ms after every switch the active content's start-animation event fires (on
 * non-mobile devices the other tabs' animations are removed) and, with auto-height, the
 * height-change event. §2 fragment rules: a click sets the fragment to the tab's link target,
 * except during the initial load; on load a fragment that matches a tab opens it, otherwise the
 * active tab is re-clicked without touching the fragment. A resize re-measures after 500 ms.
 */
export interface TabSectionInput {
  ids: string[];
  /** 1-based start tab. */
  initial: number;
  autoHeight: boolean;
}

export interface TabSectionContext {
  ids: string[];
  active: number;
  autoHeight: boolean;
  /**
   * Another tab than the prerendered one has been shown (chosen, or named by the fragment on load):
   * from then on the auto-height follows the active tab. Taken at load it would move the page below
   * the section before the visitor has done anything (a layout shift).
   */
  switched: boolean;
  /** Read from the page at load (the environment adapter). */
  rtl: boolean;
  mobile: boolean;
  /** Tabs whose content animation has started and not been removed. */
  animated: number[];
  /** Per panel: whether the panel itself is a tab stop (its first content is not focusable). */
  panelTabStops: boolean[];
  /** Each tab content's natural height, px. */
  heights: number[];
  titles: TitleBox[];
  /** The visible width of the title strip, px. */
  viewport: number;
}

export type TabSectionEvent =
  /** `firstContentFocusable`: per panel, whether its first content is focusable (WAI-ARIA tabs). */
  | { type: 'page.load'; fragment: string; rtl: boolean; mobile: boolean; firstContentFocusable?: boolean[] }
  | { type: 'tab.click'; index: number }
  | { type: 'nav.prev' }
  | { type: 'nav.next' }
  | { type: 'touch.swipe'; dx: number }
  | { type: 'page.resize' }
  | { type: 'layout.measure'; heights: number[]; titles: TitleBox[]; viewport: number };

const fragmentOfActive = ({ context }: { context: TabSectionContext }) => ({ hash: hashFor(context.ids[context.active] ?? '') });
const announceActive = ({ context }: { context: TabSectionContext }) => ({ index: context.active });
/** Every way of choosing a tab switches to it the same way: the fragment follows, the 600 ms wait restarts. */
const switchTab = { target: '.switching', reenter: true, actions: ['activateTarget', { type: 'setFragment', params: fragmentOfActive }] } as const;

const targetOf = (context: TabSectionContext, event: TabSectionEvent): number => {
  switch (event.type) {
    case 'tab.click':
      return event.index;
    case 'nav.prev':
      return stepIndex(context.active, -1, context.ids.length);
    case 'nav.next':
      return stepIndex(context.active, 1, context.ids.length);
    case 'touch.swipe':
      return stepIndex(context.active, swipeStep(event.dx, context.rtl), context.ids.length);
    default:
      return context.active;
  }
};

/** The tab at `index` becomes active; another than the one before marks the section switched. */
const activate = (context: TabSectionContext, index: number) => ({ active: index, switched: context.switched || index !== context.active });

export const tabSectionMachine = setup({
  types: {} as { context: TabSectionContext; input: TabSectionInput; events: TabSectionEvent },
  delays: {
    tabSwitch: TAB_SWITCH_DELAY_MS,
    heightRecalculation: HEIGHT_RECALC_DELAY_MS,
  },
  guards: {
    isTab: ({ context, event }) => event.type === 'tab.click' && event.index >= 0 && event.index < context.ids.length,
    movesToOtherTab: ({ context, event }) => targetOf(context, event) !== context.active,
    isMobile: ({ context }) => context.mobile,
    fragmentMatchesTab: ({ context, event }) => event.type === 'page.load' && indexForHash(event.fragment, context.ids) >= 0,
    hasAutoHeight: ({ context }) => context.autoHeight,
  },
  actions: {
    readEnvironment: assign(({ context, event }) =>
      event.type === 'page.load'
        ? { rtl: event.rtl, mobile: event.mobile, panelTabStops: panelTabStops(event.firstContentFocusable, context.ids.length) }
        : {},
    ),
    activateFragmentTab: assign(({ context, event }) =>
      event.type === 'page.load' ? activate(context, indexForHash(event.fragment, context.ids)) : {},
    ),
    activateTarget: assign(({ context, event }) => activate(context, targetOf(context, event))),
    storeLayout: assign(({ event }) =>
      event.type === 'layout.measure' ? { heights: event.heights, titles: event.titles, viewport: event.viewport } : {},
    ),
    startActiveAnimation: assign(({ context }) => ({
      animated: context.mobile ? [...new Set([...context.animated, context.active])] : [context.active],
    })),
    /** Adapter: set the URL fragment to the clicked tab's link target. */
    setFragment: (_args, _params: { hash: string }) => {},
    /** Adapter: fire the content's start-animation event. */
    announceStartAnimation: (_args, _params: { index: number }) => {},
    /** Adapter: fire the height-change event. */
    announceHeightChange: (_args, _params: { index: number }) => {},
    /** Adapter: measure contents and titles, answering with `layout.measure`. */
    measureLayout: () => {},
  },
  actors: {
    /** Adapter: sends `page.load` once at start, and `page.resize` on resizes. */
    environment: fromCallback<TabSectionEvent>(() => () => {}),
  },
}).createMachine({
  id: 'tabSection',
  context: ({ input }) => ({
    ids: input.ids,
    active: initialIndex(input.initial, input.ids.length),
    autoHeight: input.autoHeight,
    switched: false,
    rtl: false,
    mobile: false,
    animated: [],
    // Until the load is read nothing is a tab stop: the prerendered panels stay as they were.
    panelTabStops: [],
    heights: [],
    titles: [],
    viewport: 0,
  }),
  // The runtime starts the actor once its view has hydrated: the environment reports the load at once (§2).
  invoke: { src: 'environment' },
  type: 'parallel',
  on: {
    'layout.measure': { actions: 'storeLayout' },
  },
  states: {
    tabs: {
      initial: 'loading',
      on: {
        'tab.click': { guard: 'isTab', ...switchTab },
        'nav.prev': { guard: 'movesToOtherTab', ...switchTab },
        'nav.next': { guard: 'movesToOtherTab', ...switchTab },
        'touch.swipe': { guard: and(['isMobile', 'movesToOtherTab']), ...switchTab },
      },
      states: {
        /** Until the environment has reported the load (fragment, direction, device). */
        loading: {
          on: {
            'page.load': [
              { guard: 'fragmentMatchesTab', target: 'switching', actions: ['readEnvironment', 'activateFragmentTab'] },
              // The active tab is re-clicked; the fragment is left as it is.
              { target: 'switching', actions: 'readEnvironment' },
            ],
          },
        },
        /** 600 ms after a switch (restarted by the next one) the content's events fire. */
        switching: {
          entry: 'measureLayout',
          after: {
            tabSwitch: [
              {
                guard: 'hasAutoHeight',
                target: 'shown',
                actions: [
                  'startActiveAnimation',
                  { type: 'announceStartAnimation', params: announceActive },
                  { type: 'announceHeightChange', params: announceActive },
                ],
              },
              { target: 'shown', actions: ['startActiveAnimation', { type: 'announceStartAnimation', params: announceActive }] },
            ],
          },
        },
        shown: {},
      },
    },
    height: {
      initial: 'steady',
      states: {
        steady: { on: { 'page.resize': 'waiting' } },
        /** Each resize restarts the 500 ms wait; then the contents are measured again. */
        waiting: {
          on: { 'page.resize': { target: 'waiting', reenter: true } },
          after: { heightRecalculation: { target: 'steady', actions: 'measureLayout' } },
        },
      },
    },
  },
});
