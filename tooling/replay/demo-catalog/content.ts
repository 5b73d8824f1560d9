import { fromPromise } from 'xstate';
import type { LoadMoreAnswer } from '../../../machines/masonry/masonry.machine';
import type { HeadingsFound } from '../../../machines/table-of-contents/table-of-contents.machine';
import type { Brick, LoadMoreRequest } from '../../../machines/masonry/masonry.rules';
import { contentsHash, cookieMatches } from '../../../machines/message-box/message-box.rules';
import { fromIsland } from '../catalog/islands';
import { reachedBy, type CatalogEntry } from '../../../runtime/replay/catalog-types';

/**
 * The content widgets (issue 4) and the tab family (issue 7). Each entry's machine and input are the
 * widget's own, built from an island of the demo pages (islands.ts `fromIsland`); what is written
 * here is what a page cannot give: the events the view sends, the fakes for effects, and the graph's
 * vertex where the state alone is not enough. Events that name an item take it from the input. Replays are synchronous, so a
 * promise actor's answer never arrives by itself: the model explores it as the `xstate.done.actor`
 * event the fake would produce, and a scenario sends the same event. Failures (`xstate.error.actor`)
 * are left out of the models: sent in a state that invokes nothing, xstate treats the error as the
 * actor's own and stops it, so the model cannot try it everywhere. masonry.test.ts covers the
 * masonry's onError branch; the portfolio's (template read fails -> waitingForTemplate) is untested.
 */

/** The event an invoked actor's answer is delivered as (the invoke's default id). */
const done = (invokeId: string, output: unknown) => ({ type: `xstate.done.actor.${invokeId}`, output });

/** Headings of a help page, as the table of contents' readHeadings would find them. */
const PAGE_HEADINGS: HeadingsFound = {
  headings: [
    { level: 1, text: 'Dosing guide', id: '', excluded: false },
    { level: 2, text: 'Before you start', id: 'before', excluded: false },
    { level: 3, text: 'Weighing a child', id: '', excluded: false },
    { level: 2, text: 'Side effects', id: '', excluded: false },
  ],
  takenIds: ['before', 'main'],
};
const TOC_READ = '0.tableOfContents.reading';
const MASONRY_LOAD = '0.masonry.loader.loading';
const PORTFOLIO_READ = '0.portfolio.reading';

const brick = (id: string, categories: string[], date: string, title: string): Brick => ({ id, categories, date, title });
/** The endpoint's next page (server/masonry.tsx answers it): items (3) + 1 sentinel, so more remain. */
const nextBricks = [
  brick('older-1', ['events'], '2025-12-01', 'Winter fair'),
  brick('older-2', ['care'], '2025-11-01', 'Flu shots'),
  brick('older-3', ['care'], '2025-10-15', 'New wing'),
  brick('older-4', ['care'], '2025-10-01', 'Sentinel'),
];

/** A cookie jar as the message box's adapters see it: one box closed on an earlier visit. Read-only, so replays stay independent. */
const cookieJar: Record<string, string> = { 'holiday-hours': contentsHash('Closed on 25 and 26 December.') };

/** The template the page prerenders for each portfolio item (read from the page by the real adapter). */
const portfolioTemplate = (id: string) => `<article><h3>${id}</h3></article>`;

const masonry = fromIsland('masonry', { id: 'news-grid' });
const portfolio = fromIsland('portfolio');
const portfolioEntries = (portfolio.input as { entries: Array<{ id: string; categories: string[] }> }).entries;
const firstEntry = portfolioEntries[0]?.id ?? '';
const lastEntry = portfolioEntries.at(-1)?.id ?? '';
/** A category some entries have and others do not: #next and #prev skip the rest. */
const someCategory = portfolioEntries.at(-1)?.categories[0] ?? '';
const countdown = fromIsland('countdown');
/** The text rotator's content with its first line alone (content.lines, as the page writes it). */
const firstLineOnly = (content: unknown) => {
  const { lines } = content as { lines: string[] };
  return { ...(content as object), lines: lines.slice(0, 1) };
};
// The team page's typewriter (/ar/ has a sliding one since issue 49.4).
const textRotator = fromIsland('text-rotator', { page: '/team/' });
const tabs = fromIsland('tabs');
const tabIds = (tabs.input as { ids: string[] }).ids;
const toggles = fromIsland('toggles');
const toggleIds = (toggles.input as { ids: string[] }).ids;
const tabSection = fromIsland('tab-section', { page: '/services/' });
const sectionIds = (tabSection.input as { ids: string[] }).ids;
const magazine = fromIsland('magazine-tabs');
const groups = (magazine.input as { groups: Array<{ id: string; count: number }> }).groups;

export const contentMachines: Record<string, CatalogEntry> = {
  'table-of-contents': {
    // The about page's table of contents (levels 2 and 3): a page's island, so here, not with the page services.
    ...fromIsland('table-of-contents'),
    provide: { actors: { readHeadings: fromPromise<HeadingsFound>(async () => PAGE_HEADINGS) } },
    events: [
      done(TOC_READ, PAGE_HEADINGS),
      done(TOC_READ, { headings: [{ level: 4, text: 'Notes', id: '', excluded: false }], takenIds: [] }),
      { type: 'section.enter', id: 'weighing-a-child' },
      { type: 'section.leave', id: 'weighing-a-child' },
    ],
    transient: ['deciding'],
  },
  'animated-number': {
    // §3, §9: counts up over the default 3000 ms timer, a frame every 32 ms.
    ...fromIsland('animated-number'),
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
    ],
  },
  // Whether the end has passed is read from input.now, which the graph cannot move (its timer steps
  // are events, not time), so each entry freezes now (the replay's day) on one side of the target:
  // the home page's countdown to the next fundraiser, still running, and the same countdown set to a
  // year gone by (§4: it stops for good). The tick that crosses the end is walked on the clock by
  // tests/scenarios/countdown.json.
  countdown: {
    ...countdown,
    events: [{ type: 'countdown.start' }],
    unreachable: reachedBy('countdown (ended)', ['ended']),
  },
  'countdown (ended)': {
    ...fromIsland('countdown', { settings: { year: 2025 } }),
    events: [{ type: 'countdown.start' }],
    unreachable: reachedBy('countdown', ['running']),
  },
  'icon-circles': {
    ...fromIsland('icon-circles'),
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
      { type: 'item.activate', index: 2 },
      // Past the last circle: ignored.
      { type: 'item.activate', index: 99 },
    ],
  },
  // The shared stagger-reveal machine with the icon list's delays (first at once, 350 ms apart).
  'icon-list': {
    ...fromIsland('icon-list'),
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
    ],
  },
  'image-hotspots': {
    ...fromIsland('image-hotspots'),
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
    ...masonry,
    provide: {
      actors: {
        loadMore: fromPromise<LoadMoreAnswer, LoadMoreRequest>(async () => ({ marker: true, bricks: nextBricks })),
      },
    },
    // The standard reveal (§9: 100 ms apart). The bricks still pending are part of the vertex, so
    // the graph follows the stagger down to `settled` instead of stopping at the first `revealing`.
    // Where the stagger and the 150 ms load-more wait run together, the model helper takes only the
    // earliest pending timer as a step, so both orders that can happen are explored.
    serializeState: (snapshot) => `${JSON.stringify(snapshot.value)} pending:${(snapshot.context as { pending: string[] }).pending.length}`,
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
      { type: 'filter.select', filter: 'events' },
      { type: 'filter.select', filter: 'all' },
      { type: 'sort.select', sort: 'title' },
      { type: 'more.load' },
      // The endpoint's answers: a page with the marker, one without (§8: finished).
      done(MASONRY_LOAD, { marker: true, bricks: nextBricks }),
      done(MASONRY_LOAD, { marker: false, bricks: [] }),
    ],
    transient: ['loader.checking'],
  },
  'message-box': {
    ...fromIsland('message-box'),
    // Fakes for js-cookie: the guard reads the jar above; closing writes nothing (the real adapter
    // sets the cookie). This box's id has no cookie, so `box.check` shows it; the cookie branch
    // (`unchecked --box.check--> dismissed`) needs the input of a box in the jar, which the
    // scenario message-box-returning-visitor.json uses.
    provide: {
      guards: { hasMatchingCookie: (_: unknown, box: { id: string; contents: string }) => cookieMatches(cookieJar[box.id], box.contents) },
      actions: { rememberClosing: () => {}, focusAfterClosing: () => {} },
    },
    events: [{ type: 'box.check' }, { type: 'box.close' }],
  },
  portfolio: {
    ...portfolio,
    // Whether an item is open is part of the vertex: a template read with nothing open leads to
    // `opening`, one while another item is open to `switching`, so `reading` is explored both ways.
    // The template-missing retry (`waitingForTemplate`) is reached with a `null` answer.
    serializeState: (snapshot) => `${JSON.stringify(snapshot.value)} open:${(snapshot.context as { current: string | null }).current !== null}`,
    provide: {
      actors: {
        readTemplate: fromPromise<string | null, { id: string }>(async ({ input }) => portfolioTemplate(input.id)),
      },
    },
    events: [
      { type: 'item.open', id: firstEntry },
      { type: 'item.open', id: lastEntry },
      { type: 'nav.next' },
      { type: 'nav.prev' },
      { type: 'preview.close' },
      { type: 'filter.select', filter: someCategory },
      // A filter nothing matches: #next and #prev have nowhere to go.
      { type: 'filter.select', filter: 'no-such-category' },
      // The template reader's answers: found, and not yet on the page.
      done(PORTFOLIO_READ, portfolioTemplate(firstEntry)),
      done(PORTFOLIO_READ, null),
    ],
  },
  // The shared stagger-reveal machine with the progress bars' delays (first at once, 250 ms apart).
  'progress-bars': {
    ...fromIsland('progress-bars'),
    events: [
      { type: 'view.enter', reducedMotion: false },
      { type: 'view.enter', reducedMotion: true },
    ],
  },
  // The typewriter, the animation with every state but `inactive`, which only an input of fewer
  // than two lines reaches (§5). The slide/fade self-transition on the interval is walked by
  // machines/text-rotator/text-rotator.test.ts.
  'text-rotator': {
    ...textRotator,
    // Issue 31.12: the pause control's stop and play as well.
    events: [{ type: 'rotator.pause' }, { type: 'rotator.resume' }, { type: 'rotator.stop' }, { type: 'rotator.play' }, { type: 'page.hide' }, { type: 'page.show' }],
    transient: ['checking'],
    unreachable: reachedBy('text-rotator (single line)', ['inactive']),
  },
  // prefers-reduced-motion: the typewriter changes lines whole.
  'text-rotator (reduced motion)': {
    ...fromIsland('text-rotator', { page: '/team/', browser: { reducedMotion: true } }),
    // Issue 31.12: the pause control's stop and play as well.
    events: [{ type: 'rotator.pause' }, { type: 'rotator.resume' }, { type: 'rotator.stop' }, { type: 'rotator.play' }, { type: 'page.hide' }, { type: 'page.show' }],
    transient: ['checking'],
    unreachable: { ...reachedBy('text-rotator', ['rotating.marking', 'rotating.cleared', 'rotating.typing']), ...reachedBy('text-rotator (single line)', ['inactive']) },
  },
  // The same island with only its first line (§5: fewer than two lines do not rotate).
  'text-rotator (single line)': {
    ...fromIsland('text-rotator', { page: '/team/', content: firstLineOnly }),
    // Issue 31.12: the pause control's stop and play as well.
    events: [{ type: 'rotator.pause' }, { type: 'rotator.resume' }, { type: 'rotator.stop' }, { type: 'rotator.play' }, { type: 'page.hide' }, { type: 'page.show' }],
    transient: ['checking'],
    unreachable: reachedBy('text-rotator', ['rotating.showing', 'rotating.paused', 'rotating.stopped', 'rotating.marking', 'rotating.cleared', 'rotating.typing', 'hidden']),
  },
  tabs: {
    ...tabs,
    events: [
      { type: 'tab.select', index: 1 },
      { type: 'tab.select', index: 0 },
      { type: 'tab.select', index: 99 },
      { type: 'hash.change', hash: `#${tabIds.at(-1) ?? ''}` },
      { type: 'hash.change', hash: '#elsewhere' },
    ],
  },
  toggles: {
    ...toggles,
    events: [
      { type: 'toggle.toggle', index: 0 },
      { type: 'toggle.toggle', index: 2 },
      { type: 'hash.change', hash: `#${toggleIds[1] ?? ''}` },
      { type: 'hash.change', hash: `#${toggleIds[0] ?? ''}-closed` },
      { type: 'hash.change', hash: '#elsewhere' },
    ],
  },
  'tab-section': {
    ...tabSection,
    events: [

      { type: 'page.load', fragment: '', rtl: false, mobile: true },
      { type: 'tab.click', index: 2 },
      { type: 'nav.prev' },
      { type: 'nav.next' },
      { type: 'touch.swipe', dx: -80 },
      // §9: a resize re-measures 500 ms later, beside the 600 ms switch wait; the model helper takes
      // only the earliest pending timer as a step, so both orders that can happen are explored.
      { type: 'page.resize' },
      { type: 'layout.measure', heights: sectionIds.map((_, index) => 280 + 40 * index), titles: [], viewport: 600 },
    ],
  },
  'magazine-tabs': {
    ...magazine,
    events: [
      { type: 'sort.select', group: groups.find((group) => group.count > 0)?.id ?? '' },
      { type: 'sort.select', group: 'all' },
      // §5: an empty group has no button; a stale click on it changes nothing.
      { type: 'sort.select', group: groups.find((group) => group.count === 0)?.id ?? 'empty' },
    ],
  },
  'sticky-submenu': {
    ...fromIsland('sticky-submenu'),
    events: [
      { type: 'page.scroll', top: 0 },
      { type: 'page.scroll', top: 240 },
      { type: 'menu.toggle' },
      { type: 'menu.follow' },
      { type: 'menu.close' },
    ],
  },
};
