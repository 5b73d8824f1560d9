import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { START_WAYPOINT, masonryMachine, type LoadMoreAnswer, type MasonryAnimation, type MasonryEvent } from '../../machines/masonry/masonry.machine';
import { htmlAfterMarker, requestFields, type Brick, type LoadMoreRequest } from '../../machines/masonry/masonry.rules';
import { drawProps, listenTo } from '../../runtime/connect';
import { FLAG } from '../../runtime/device';
import { defineSettings, setting } from '../../runtime/settings';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { watchWaypoint } from '../../runtime/waypoint-watch';
import type { MasonryContent } from './Masonry';
import { connectMasonry } from './masonry.connect';
import { masonryTranslations } from './masonry.translations';

/** §3 Masonry load-more settings, plus the reveal animation (§9 staggers). */
export const masonrySettings = defineSettings('masonry', {
  items: setting.number(3, { integer: true, min: 1, max: 50 }),
  collection: setting.string('news'),
  animation: setting.oneOf(['standard', 'curtain', 'none'], 'standard'),
  /** Off: on mobile the bricks show at once (§9: 0 ms on mobile with no animations). */
  mobile_animations: setting.boolean(false),
  more: setting.boolean(false),
});

/** The bricks of a load-more answer: each [data-brick] element after the marker. */
export function parseBricks(html: string): Brick[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.querySelectorAll<HTMLElement>('[data-brick]')].map((element) => ({
    id: element.dataset.id ?? '',
    categories: (element.dataset.categories ?? '').split(/\s+/).filter(Boolean),
    date: element.dataset.date ?? '',
    title: element.dataset.title ?? '',
    html: element.innerHTML,
  }));
}

/** The load-more adapter: POST to the site's ajax endpoint (§7), read the marker and the bricks. */
export async function loadMore(request: LoadMoreRequest): Promise<LoadMoreAnswer> {
  const response = await fetch(window.ajaxurl ?? '/ajax', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: requestFields(request),
  });
  if (!response.ok) throw new Error(`load-more answered ${response.status}`);
  const html = htmlAfterMarker(await response.text());
  return html === null ? { marker: false, bricks: [] } : { marker: true, bricks: parseBricks(html) };
}

function isMobilePage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.classList.contains(FLAG.mobile);
}

/** The island's own markup, as Masonry.tsx renders it. */
const ROOT = ':scope > .masonry';
const FILTER = ':scope > .masonry__controls > .masonry__filters > .masonry__filter';
const SELECT = ':scope > .masonry__controls > .masonry__sort > select';
const GRID = ':scope > .masonry__grid';
const BRICK = ':scope > .masonry__brick[data-id]';
const LOAD_MORE = ':scope > .masonry__more > .masonry__load-more';

type Snapshot = SnapshotFrom<typeof masonryMachine>;

const connect = (snapshot: Snapshot, send: (event: MasonryEvent) => void, content: MasonryContent) =>
  connectMasonry(snapshot, send, translate(masonryTranslations, content.translations), content);

/**
 * Draws a state on the prerendered grid as Masonry.tsx renders it (masonry.connect.ts): the chosen
 * filter pressed, the chosen order selected, the bricks in that order, those of other filters hidden,
 * each revealed or not (§9). States with bricks the page does not hold (a load) are the view's.
 */
export function drawMasonry(element: HTMLElement, snapshot: Snapshot, content: MasonryContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  root.querySelectorAll(FILTER).forEach((button, index) => {
    const filter = api.filters[index];
    if (filter) drawProps(button, { className: api.filterClassName(filter.slug), ...api.getFilterProps(filter.slug) });
  });
  const select = root.querySelector<HTMLSelectElement>(SELECT);
  if (select) drawSort(select, api.sortProps.value);
  const grid = root.querySelector(GRID);
  if (!grid) return;
  drawProps(grid, api.gridProps);
  const bricks = new Map([...grid.querySelectorAll<HTMLElement>(BRICK)].map((brick) => [brick.dataset.id ?? '', brick]));
  let next: Element | null = grid.firstElementChild;
  for (const brick of api.bricks) {
    const article = bricks.get(brick.id);
    if (!article) continue;
    drawProps(article, { className: api.brickClassName(brick.id), ...api.getBrickProps(brick) });
    // The order chosen: each brick moved after the one before it, only where it is not there yet.
    if (article === next) next = article.nextElementSibling;
    else grid.insertBefore(article, next);
  }
}

/** The order select at `value`, as React renders it (the option `selected`) and as the visitor sees it. */
function drawSort(select: HTMLSelectElement, value: string) {
  for (const option of select.options) {
    if (option.hasAttribute('selected') !== (option.value === value)) option.toggleAttribute('selected', option.value === value);
  }
  if (select.value !== value) select.value = value;
}

/**
 * The grid's waypoint (as the view's, Masonry.tsx), a filter's click (Enter and Space are the button's
 * own), the order's change and the load-more click, sent as the view's handlers send them.
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof masonryMachine>, content: MasonryContent): () => void {
  const root = element.querySelector(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  const grid = root.querySelector(GRID);
  const stopWatching = grid ? watchWaypoint(grid, (reducedMotion) => api().onViewEnter(reducedMotion), START_WAYPOINT) : () => undefined;
  const filters = [...root.querySelectorAll(FILTER)];
  const stopClicks = listenTo(root, {
    click: (event) => {
      const button = event.target instanceof Element ? event.target.closest('.masonry__filter') : null;
      const filter = button ? api().filters[filters.indexOf(button)] : undefined;
      if (filter) api().getFilterProps(filter.slug).onClick();
    },
  });
  const select = root.querySelector<HTMLSelectElement>(SELECT);
  const stopSort = select ? listenTo(select, { change: () => api().sortProps.onChange({ target: select }) }) : () => undefined;
  // Asking for more is sent too: the loading state needs the view (viewNeeded), which then answers it.
  const more = root.querySelector(LOAD_MORE);
  const stopMore = more ? listenTo(more, { click: () => api().loadMoreProps.onClick() }) : () => undefined;
  return () => {
    stopWatching();
    stopClicks();
    stopSort();
    stopMore();
  };
}

/**
 * The masonry without its view (issue 35, goal 2): the reveal (§9), a filter chosen and an order
 * chosen are a few attributes and the bricks' order on the prerendered grid, so the behaviour answers
 * them itself (`answersInput` in widgets/registry.ts); the view (and React) load when the visitor
 * asks for more bricks (issue 14), which the page does not hold.
 */
export default defineBehaviour({
  name: 'masonry',
  settings: masonrySettings,
  machine: masonryMachine,
  input: (s, content: MasonryContent) => ({
    bricks: content.bricks,
    items: s.items,
    more: s.more,
    animation: (isMobilePage() && !s.mobile_animations ? 'none' : s.animation) as MasonryAnimation,
    collection: s.collection,
  }),
  provide: () => ({
    actors: { loadMore: fromPromise<LoadMoreAnswer, LoadMoreRequest>(({ input }) => loadMore(input)) },
  }),
  bind: drawMasonry,
  connect: listen,
  viewNeeded: (now, prerendered) => now.context.bricks.length !== prerendered.context.bricks.length || now.context.loading,
});
