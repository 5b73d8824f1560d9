import { fromPromise } from 'xstate';
import { animatedNumberMachine } from '../../../machines/animated-number/animated-number.machine';
import { countdownMachine } from '../../../machines/countdown/countdown.machine';
import { iconCirclesMachine } from '../../../machines/icon-circles/icon-circles.machine';
import { iconListMachine } from '../../../machines/icon-list/icon-list.machine';
import { imageHotspotsMachine } from '../../../machines/image-hotspots/image-hotspots.machine';
import { magazineTabsMachine } from '../../../machines/magazine-tabs/magazine-tabs.machine';
import { masonryMachine, type LoadMoreAnswer } from '../../../machines/masonry/masonry.machine';
import type { Brick, LoadMoreRequest } from '../../../machines/masonry/masonry.rules';
import { messageBoxMachine } from '../../../machines/message-box/message-box.machine';
import { contentsHash, cookieMatches } from '../../../machines/message-box/message-box.rules';
import { portfolioMachine } from '../../../machines/portfolio/portfolio.machine';
import { progressBarsMachine } from '../../../machines/progress-bars/progress-bars.machine';
import { stickySubmenuMachine } from '../../../machines/sticky-submenu/sticky-submenu.machine';
import { tabSectionMachine } from '../../../machines/tab-section/tab-section.machine';
import { tabsMachine } from '../../../machines/tabs/tabs.machine';
import { textRotatorMachine } from '../../../machines/text-rotator/text-rotator.machine';
import { togglesMachine } from '../../../machines/toggles/toggles.machine';
import { reachedBy, type CatalogEntry } from './types';

/**
 * The content widgets (issue 4) and the tab family (issue 7). Replays are synchronous, so a
 * promise actor's answer never arrives by itself: the model explores it as the `xstate.done.actor`
 * event the fake would produce, and a scenario sends the same event. Failures (`xstate.error.actor`)
 * are left out of the models: sent in a state that invokes nothing, xstate treats the error as the
 * actor's own and stops it, so the model cannot try it everywhere. masonry.test.ts covers the
 * masonry's onError branch; the portfolio's (template read fails -> waitingForTemplate) is untested.
 */

/** The event an invoked actor's answer is delivered as (the invoke's default id). */
const done = (invokeId: string, output: unknown) => ({ type: `xstate.done.actor.${invokeId}`, output });

const MASONRY_LOAD = '0.masonry.loader.loading';
const PORTFOLIO_READ = '0.portfolio.reading';

const brick = (id: string, categories: string[], date: string, title: string): Brick => ({ id, categories, date, title });
const pageBricks = [brick('b1', ['news'], '2026-03-01', 'Spring clinic'), brick('b2', ['events'], '2026-02-01', 'Open day'), brick('b3', ['news'], '2026-01-01', 'New wing')];
/** The next page: items (2) + 1 sentinel, so more remain. */
const nextBricks = [brick('b4', ['events'], '2025-12-01', 'Winter fair'), brick('b5', ['news'], '2025-11-01', 'Flu shots'), brick('b6', ['news'], '2025-10-01', 'Sentinel')];

/** A cookie jar as the message box's adapters see it: one box closed on an earlier visit. Read-only, so replays stay independent. */
const cookieJar: Record<string, string> = { 'holiday-hours': contentsHash('Closed on 25 and 26 December.') };

const portfolioTemplates: Record<string, string> = {
  garden: '<article><h3>Garden</h3></article>',
  bridge: '<article><h3>Bridge</h3></article>',
  studio: '<article><h3>Studio</h3></article>',
};

export const contentMachines: Record<string, CatalogEntry> = {
  'animated-number': {
    machine: animatedNumberMachine,
    // §3, §9: counts 0 -> 1200 over the default 3000 ms timer, a frame every 32 ms.
    input: { number: 1200, startFrom: 0, durationMs: 3000 },
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
    ],
  },
  // Whether the end has passed is read from input.now, which the graph cannot move (its timer steps
  // are events, not time), so each entry freezes now on one side of the target: one still running,
  // one started after its end (§4: it stops for good). The tick that crosses the end is walked on the
  // clock by tests/scenarios/countdown.json.
  countdown: {
    machine: countdownMachine,
    input: { target: 3000, smallest: 1, largest: 5, now: () => 0 },
    events: [{ type: 'countdown.start' }],
    unreachable: reachedBy('countdown (ended)', ['ended']),
  },
  'countdown (ended)': {
    machine: countdownMachine,
    input: { target: 3000, smallest: 1, largest: 5, now: () => 3000 },
    events: [{ type: 'countdown.start' }],
    unreachable: reachedBy('countdown', ['running']),
  },
  'icon-circles': {
    machine: iconCirclesMachine,
    input: { count: 4 },
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
      { type: 'item.activate', index: 2 },
      { type: 'item.activate', index: 9 },
    ],
  },
  // The shared stagger-reveal machine with the icon list's delays (first at once, 350 ms apart).
  'icon-list': {
    machine: iconListMachine,
    input: { count: 3 },
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
    ],
  },
  'image-hotspots': {
    machine: imageHotspotsMachine,
    input: { count: 3 },
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
      { type: 'tooltip.open', index: 1 },
      { type: 'tooltip.toggle', index: 1 },
      { type: 'tooltip.toggle', index: 2 },
      { type: 'tooltip.close' },
    ],
  },
  masonry: {
    machine: masonryMachine,
    provide: {
      actors: {
        loadMore: fromPromise<LoadMoreAnswer, LoadMoreRequest>(async () => ({ marker: true, bricks: nextBricks })),
      },
    },
    // The standard reveal (§9: 100 ms apart). The bricks still pending are part of the vertex, so
    // the graph follows the stagger down to `settled` instead of stopping at the first `revealing`.
    // Where the stagger and the 150 ms load-more wait run together, the model helper takes only the
    // earliest pending timer as a step, so both orders that can happen are explored.
    input: { bricks: pageBricks, items: 2, more: true, animation: 'standard', collection: 'news-grid' },
    serializeState: (snapshot) => `${JSON.stringify(snapshot.value)} pending:${(snapshot.context as { pending: string[] }).pending.length}`,
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
      { type: 'filter.select', filter: 'events' },
      { type: 'sort.select', sort: 'title' },
      { type: 'more.load' },
      // The endpoint's answers: a page with the marker, one without (§8: finished).
      done(MASONRY_LOAD, { marker: true, bricks: nextBricks }),
      done(MASONRY_LOAD, { marker: false, bricks: [] }),
    ],
    transient: ['loader.checking'],
  },
  'message-box': {
    machine: messageBoxMachine,
    // Fakes for js-cookie: the guard reads the jar above; closing writes nothing (the real adapter
    // sets the cookie). This box's id has no cookie, so `box.check` shows it; the cookie branch
    // (`unchecked --box.check--> dismissed`) needs the input of a box in the jar, which the
    // scenario message-box-returning-visitor.json uses.
    provide: {
      guards: { hasMatchingCookie: (_: unknown, box: { id: string; contents: string }) => cookieMatches(cookieJar[box.id], box.contents) },
      actions: { rememberClosing: () => {}, focusAfterClosing: () => {} },
    },
    input: { id: 'welcome', contents: 'Welcome to the new site.', mode: 'custom', days: 60 },
    events: [{ type: 'box.check' }, { type: 'box.close' }],
  },
  portfolio: {
    machine: portfolioMachine,
    // Whether an item is open is part of the vertex: a template read with nothing open leads to
    // `opening`, one while another item is open to `switching`, so `reading` is explored both ways.
    // The template-missing retry (`waitingForTemplate`) is reached with a `null` answer.
    serializeState: (snapshot) => `${JSON.stringify(snapshot.value)} open:${(snapshot.context as { current: string | null }).current !== null}`,
    provide: {
      actors: {
        readTemplate: fromPromise<string | null, { id: string }>(async ({ input }) => portfolioTemplates[input.id] ?? null),
      },
    },
    input: {
      entries: [
        { id: 'garden', categories: ['outdoor'] },
        { id: 'bridge', categories: ['outdoor', 'steel'] },
        { id: 'studio', categories: ['indoor'] },
      ],
    },
    events: [
      { type: 'item.open', id: 'garden' },
      { type: 'item.open', id: 'studio' },
      { type: 'nav.next' },
      { type: 'nav.prev' },
      { type: 'preview.close' },
      { type: 'filter.select', filter: 'steel' },
      // A filter nothing matches: #next and #prev have nowhere to go.
      { type: 'filter.select', filter: 'glass' },
      // The template reader's answers: found, and not yet on the page.
      done(PORTFOLIO_READ, portfolioTemplates.garden),
      done(PORTFOLIO_READ, null),
    ],
  },
  // The shared stagger-reveal machine with the progress bars' delays (first at once, 250 ms apart).
  'progress-bars': {
    machine: progressBarsMachine,
    input: { count: 4 },
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
    ],
  },
  // The typewriter, the animation with every state but `inactive`, which only an input of fewer
  // than two lines reaches (§5). The slide/fade self-transition on the interval is walked by
  // machines/text-rotator/text-rotator.test.ts.
  'text-rotator': {
    machine: textRotatorMachine,
    input: { lengths: [6, 4, 7], animation: 'typewriter', intervalMs: 5000, random: () => 0.5 },
    events: [{ type: 'rotator.pause' }, { type: 'rotator.resume' }, { type: 'page.hide' }, { type: 'page.show' }],
    transient: ['checking'],
    unreachable: reachedBy('text-rotator (single line)', ['inactive']),
  },
  // prefers-reduced-motion: the typewriter changes lines whole.
  'text-rotator (reduced motion)': {
    machine: textRotatorMachine,
    input: { lengths: [6, 4, 7], animation: 'typewriter', intervalMs: 5000, random: () => 0.5, reducedMotion: true },
    events: [{ type: 'rotator.pause' }, { type: 'rotator.resume' }, { type: 'page.hide' }, { type: 'page.show' }],
    transient: ['checking'],
    unreachable: { ...reachedBy('text-rotator', ['rotating.marking', 'rotating.cleared', 'rotating.typing']), ...reachedBy('text-rotator (single line)', ['inactive']) },
  },
  'text-rotator (single line)': {
    machine: textRotatorMachine,
    input: { lengths: [6], animation: 'typewriter', intervalMs: 5000, random: () => 0.5 },
    events: [{ type: 'rotator.pause' }, { type: 'rotator.resume' }, { type: 'page.hide' }, { type: 'page.show' }],
    transient: ['checking'],
    unreachable: reachedBy('text-rotator', ['rotating.showing', 'rotating.paused', 'rotating.marking', 'rotating.cleared', 'rotating.typing', 'hidden']),
  },
  tabs: {
    machine: tabsMachine,
    input: { ids: ['overview', 'details', 'reviews'], initial: 1 },
    events: [
      { type: 'tab.select', index: 1 },
      { type: 'tab.select', index: 0 },
      { type: 'tab.select', index: 7 },
      { type: 'hash.change', hash: '#reviews' },
      { type: 'hash.change', hash: '#elsewhere' },
    ],
  },
  toggles: {
    machine: togglesMachine,
    input: { ids: ['shipping', 'returns', 'warranty'], closeAll: true, initial: 1 },
    events: [
      { type: 'toggle.toggle', index: 0 },
      { type: 'toggle.toggle', index: 2 },
      { type: 'hash.change', hash: '#returns' },
      { type: 'hash.change', hash: '#shipping-closed' },
      { type: 'hash.change', hash: '#elsewhere' },
    ],
  },
  'tab-section': {
    machine: tabSectionMachine,
    input: { ids: ['plan', 'build', 'launch'], initial: 1, autoHeight: true },
    events: [
      { type: 'page.load', fragment: '#build', rtl: false, mobile: false },
      { type: 'page.load', fragment: '', rtl: false, mobile: true },
      { type: 'tab.click', index: 2 },
      { type: 'nav.prev' },
      { type: 'nav.next' },
      { type: 'touch.swipe', dx: -80 },
      // §9: a resize re-measures 500 ms later, beside the 600 ms switch wait; the model helper takes
      // only the earliest pending timer as a step, so both orders that can happen are explored.
      { type: 'page.resize' },
      { type: 'layout.measure', heights: [320, 280, 400], titles: [], viewport: 600 },
    ],
  },
  'magazine-tabs': {
    machine: magazineTabsMachine,
    input: {
      groups: [
        { id: 'news', count: 4 },
        { id: 'reviews', count: 2 },
        // §5: an empty group has no button.
        { id: 'archive', count: 0 },
      ],
    },
    events: [
      { type: 'sort.select', group: 'news' },
      { type: 'sort.select', group: 'all' },
      { type: 'sort.select', group: 'archive' },
    ],
  },
  'sticky-submenu': {
    machine: stickySubmenuMachine,
    events: [
      { type: 'page.scroll', top: 0 },
      { type: 'page.scroll', top: 240 },
      { type: 'menu.toggle' },
      { type: 'menu.follow' },
      { type: 'menu.close' },
    ],
  },
};
