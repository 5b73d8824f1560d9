import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { START_WAYPOINT, masonryMachine, type LoadMoreAnswer, type MasonryAnimation, type MasonryEvent } from '../../machines/masonry/masonry.machine';
import { htmlAfterMarker, requestFields, type Brick, type LoadMoreRequest } from '../../machines/masonry/masonry.rules';
import { drawProps, drawText, listenTo } from '../../runtime/connect';
import { FLAG } from '../../runtime/device';
import { defineSettings, setting } from '../../runtime/settings';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { watchWaypoint } from '../../runtime/waypoint-watch';
import { focusAfterLastLoad } from './focus-after-load';
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
const COUNT = ':scope > .masonry__count';
const STATUS = ':scope > [role="status"]';
const MORE = ':scope > .masonry__more';
const LOAD_MORE = ':scope > .masonry__load-more';
const LOADER = ':scope > .masonry__loader';

type Snapshot = SnapshotFrom<typeof masonryMachine>;

const connect = (snapshot: Snapshot, send: (event: MasonryEvent) => void, content: MasonryContent) =>
  connectMasonry(snapshot, send, translate(masonryTranslations, content.translations), content);

/**
 * Writes texts the view renders side by side in one element (`({count})`, the status's two
 * sentences) as React's prerender writes them: each non-empty one its own text node, a `<!-- -->`
 * between two, so the view can hydrate over them; only where the text differs.
 */
function drawTexts(element: Element, texts: readonly string[]) {
  const shown = texts.filter((text) => text !== '');
  if (element.textContent === shown.join('')) return;
  const document = element.ownerDocument;
  element.replaceChildren(...shown.flatMap((text, index) => (index === 0 ? [text] : [document.createComment(' '), text])));
}

/** A brick a load brought, as the view renders it: an article of its own, the server's HTML in a div. */
function madeBrick(document: Document, html: string): HTMLElement {
  const article = document.createElement('article');
  const body = document.createElement('div');
  body.innerHTML = html;
  article.append(body);
  return article;
}

/**
 * Draws a state on the prerendered grid as Masonry.tsx renders it (masonry.connect.ts): the chosen
 * filter pressed and each filter's count, the chosen order selected, the bricks in that order (those
 * a load brought made as the view makes them), those of other filters hidden, each revealed or not
 * (§9); the grid busy and the loader shown while a load runs, the button's text, then "No more …" in
 * its place, and what the status says.
 */
export function drawMasonry(element: HTMLElement, snapshot: Snapshot, content: MasonryContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  root.querySelectorAll(FILTER).forEach((button, index) => {
    const filter = api.filters[index];
    if (!filter) return;
    drawProps(button, { className: api.filterClassName(filter.slug), ...api.getFilterProps(filter.slug) });
    const count = button.querySelector(COUNT);
    if (count) drawTexts(count, ['(', String(filter.count), ')']);
  });
  const select = root.querySelector<HTMLSelectElement>(SELECT);
  if (select) drawSort(select, api.sortProps.value);
  const grid = root.querySelector(GRID);
  if (grid) drawBricks(grid, api);
  const status = root.querySelector(STATUS);
  if (status) {
    drawProps(status, api.statusProps);
    drawTexts(status, [api.status.shown, api.status.noMore]);
  }
  const more = root.querySelector(MORE);
  if (more) drawMore(more, api);
}

function drawBricks(grid: Element, api: ReturnType<typeof connect>) {
  drawProps(grid, api.gridProps);
  const bricks = new Map([...grid.querySelectorAll<HTMLElement>(BRICK)].map((brick) => [brick.dataset.id ?? '', brick]));
  let next: Element | null = grid.firstElementChild;
  for (const brick of api.bricks) {
    const article = bricks.get(brick.id) ?? (brick.html === undefined ? undefined : madeBrick(grid.ownerDocument, brick.html));
    if (!article) continue;
    drawProps(article, { className: api.brickClassName(brick.id), ...api.getBrickProps(brick) });
    // The order chosen: each brick moved after the one before it, only where it is not there yet.
    if (article === next) next = article.nextElementSibling;
    else grid.insertBefore(article, next);
  }
}

/** The load-more button (its text, aria-disabled while loading), replaced by "No more …" once there are no more; the loader. */
function drawMore(more: Element, api: ReturnType<typeof connect>) {
  const button = more.querySelector(LOAD_MORE);
  if (api.exhausted && button) {
    const noMore = more.ownerDocument.createElement('p');
    noMore.className = 'masonry__no-more';
    noMore.tabIndex = -1;
    drawTexts(noMore, [api.noMoreText.lead, api.noMoreText.noun]);
    button.replaceWith(noMore);
  } else if (button) {
    drawProps(button, api.loadMoreProps);
    drawText(button, api.loadMoreText);
  }
  const loader = more.querySelector(LOADER);
  if (loader) drawProps(loader, api.loaderProps);
}

/** The order select at `value`, as React renders it (the option `selected`) and as the visitor sees it. */
function drawSort(select: HTMLSelectElement, value: string) {
  for (const option of select.options) {
    if (option.hasAttribute('selected') !== (option.value === value)) option.toggleAttribute('selected', option.value === value);
  }
  if (select.value !== value) select.value = value;
}

/**
 * The grid's waypoint (as the view's, Masonry.tsx), a filter's click (Enter and Space are the
 * button's own), the order's change and the load-more click, sent as the view's handlers send them;
 * a load asked for from the focused button that turns out to be the last hands focus on as the
 * view's does (focus-after-load.ts), once its state is drawn.
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof masonryMachine>, content: MasonryContent): () => void {
  const root = element.querySelector(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  const grid = root.querySelector(GRID);
  const stopWatching = grid ? watchWaypoint(grid, (reducedMotion) => api().onViewEnter(reducedMotion), START_WAYPOINT) : () => undefined;
  const filters = [...root.querySelectorAll(FILTER)];
  let shownBefore: ReadonlySet<string> | null = null;
  const stopClicks = listenTo(root, {
    click: (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest('.masonry__filter');
      const filter = button ? api().filters[filters.indexOf(button)] : undefined;
      if (filter) api().getFilterProps(filter.slug).onClick();
      const more = target?.closest('.masonry__load-more');
      if (!more) return;
      shownBefore = more === more.ownerDocument.activeElement ? new Set(api().bricks.map((brick) => brick.id)) : null;
      api().loadMoreProps.onClick();
    },
  });
  const select = root.querySelector<HTMLSelectElement>(SELECT);
  const stopSort = select ? listenTo(select, { change: () => api().sortProps.onChange({ target: select }) }) : () => undefined;
  // After the runtime's own subscription, which draws the state (runtime/islands.ts): the new stories are there.
  const loads = actor.subscribe((snapshot) => {
    const before = shownBefore;
    if (!before || snapshot.context.loading) return;
    shownBefore = null;
    const now = connect(snapshot, actor.send, content);
    if (now.exhausted) focusAfterLastLoad(root, before, now.bricks, (brick) => now.getBrickProps(brick).hidden);
  });
  return () => {
    stopWatching();
    stopClicks();
    stopSort();
    loads.unsubscribe();
  };
}

/**
 * The masonry without its view (issue 35, goal 2): the reveal (§9), a filter or an order chosen and
 * a load (§7) are a few attributes, texts and the bricks' order on the prerendered grid, plus the
 * bricks a load brought, so the behaviour answers the visitor itself (`answersInput` in
 * widgets/registry.ts): the view loads only for the inspector or `hydrateAll()`.
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
});
