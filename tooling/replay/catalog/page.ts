import { burgerMenuMachine } from '../../../machines/burger-menu/burger-menu.machine';
import { curtainFooterMachine } from '../../../machines/curtain-footer/curtain-footer.machine';
import { heightEqualiserMachine } from '../../../machines/height-equaliser/height-equaliser.machine';
import { parallaxMachine } from '../../../machines/parallax/parallax.machine';
import { scrollSpyMachine } from '../../../machines/scroll-spy/scroll-spy.machine';
import { scrollTopMachine } from '../../../machines/scroll-top/scroll-top.machine';
import { smoothScrollMachine } from '../../../machines/smooth-scroll/smooth-scroll.machine';
import { stickyHeaderMachine } from '../../../machines/sticky-header/sticky-header.machine';
import { tooltipMachine } from '../../../machines/tooltip/tooltip.machine';
import { waypointMachine } from '../../../machines/waypoint/waypoint.machine';
import { reachedBy, type CatalogEntry } from '../../../runtime/replay/catalog-types';

/**
 * An invoked actor's completion, as the visitor's replay sees it. The replay runs synchronously, so a
 * fake promise never settles between two steps: model tests and scenarios send its done
 * event instead (the id is the invoke's default id, `0.<machine id>.<state>`). Error events are left
 * out: the model sends every event in every state, and a child's error event arriving where no
 * onError handles it makes XState stop the actor with that error, which no page can do. So the
 * onError exits (smooth-scroll scrolling -> idle, table-of-contents reading -> empty) are not explored.
 */
const done = (invokeId: string, output?: unknown) => ({ type: `xstate.done.actor.${invokeId}`, output });

const SMOOTH_SCROLL = '0.smoothScroll.scrolling';

/**
 * Page behaviours (runtime/services/*), keyed by machine folder: no page island builds their input, so
 * it is written here from what each service measures. The table of contents is a widget: its entry
 * comes from its island (islands.ts).
 */
export const pageMachines: Record<string, CatalogEntry> = {
  'burger-menu': {
    machine: burgerMenuMachine,
    // runtime/services/burger-menu.ts: a desktop browser (switch at 1024 px), a menu of 5 first-level items.
    input: { isPhone: false, itemCount: 5 },
    events: [
      { type: 'menu.toggle' },
      { type: 'menu.dismiss' },
      { type: 'focus.leave' },
      { type: 'scroll.start' },
      { type: 'page.resize', width: 1200 },
      { type: 'page.resize', width: 600 },
    ],
  },
  'curtain-footer': {
    machine: curtainFooterMachine,
    input: { maxHeightPercent: 70 },
    // resize.settled is the machine's own delayed raise (150 ms after the last resize); the graph
    // cannot see a delayed raise, so the model sends it as an event.
    events: [
      { type: 'footer.measured', footerHeight: 300, viewportHeight: 800 },
      { type: 'footer.measured', footerHeight: 700, viewportHeight: 800 },
      { type: 'page.resize' },
      { type: 'resize.settled' },
    ],
  },
  'height-equaliser': {
    machine: heightEqualiserMachine,
    events: [{ type: 'page.resize' }],
  },
  // §9: a desktop visitor's sections are positioned 50 ms after load; a mobile browser or
  // prefers-reduced-motion turns parallax off at the same moment. The input alone decides which.
  parallax: {
    machine: parallaxMachine,
    input: { isMobile: false, reducedMotion: false },
    events: [{ type: 'page.scroll', y: 400 }, { type: 'page.resize' }],
    unreachable: reachedBy('parallax (reduced motion)', ['off']),
  },
  'parallax (reduced motion)': {
    machine: parallaxMachine,
    input: { isMobile: false, reducedMotion: true },
    events: [{ type: 'page.scroll', y: 400 }, { type: 'page.resize' }],
    unreachable: reachedBy('parallax', ['positioned']),
  },
  'scroll-spy': {
    machine: scrollSpyMachine,
    input: { order: ['intro', 'pricing', 'faq'] },
    events: [
      { type: 'section.enter', id: 'pricing' },
      { type: 'section.leave', id: 'pricing' },
      { type: 'section.enter', id: 'faq' },
      { type: 'section.leave', id: 'faq' },
    ],
    transient: ['deciding'],
  },
  'scroll-top': {
    machine: scrollTopMachine,
    events: [0, 499, 500, 1200].map((y) => ({ type: 'page.scroll', y })),
  },
  'smooth-scroll': {
    machine: smoothScrollMachine,
    // A page loaded with a hash (so awaitingFirstScroll is reached; with '' it starts idle).
    input: { initialHash: '#pricing', reducedMotion: false },
    events: [{ type: 'link.activate', hash: '#faq' }, { type: 'page.scroll' }, done(SMOOTH_SCROLL)],
    transient: ['loading'],
  },
  'sticky-header': {
    machine: stickyHeaderMachine,
    events: [0, 30, 50, 51].map((y) => ({ type: 'page.scroll', y })),
  },
  tooltip: {
    machine: tooltipMachine,
    events: ['pointer.enter', 'pointer.leave', 'focus.in', 'focus.out', 'trigger.click', 'key.escape'].map((type) => ({ type })),
  },
  waypoint: {
    machine: waypointMachine,
    events: [{ type: 'waypoint.reached' }],
  },
};
