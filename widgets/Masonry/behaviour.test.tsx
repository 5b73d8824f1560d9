// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setImmediate } from 'node:timers/promises';
import { createActor, fromPromise } from 'xstate';
import { BRICK_STAGGER_MS, LOAD_MORE_DELAY_MS, masonryMachine, type LoadMoreAnswer, type MasonryEvent } from '../../machines/masonry/masonry.machine';
import { LOADED_MARKER, type Brick, type LoadMoreRequest } from '../../machines/masonry/masonry.rules';
import { Island } from '../../runtime/render/Island';
import { readSlots } from '../../runtime/slots';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import { StubIntersectionObserver } from '../../tests/support/intersection-observer';
import masonryBehaviour, { drawMasonry } from './behaviour';
import type { MasonryContent } from './Masonry';
import { brickHtml as serverBrick } from '../../tests/support/server-parts';
import masonry from './widget';

const CONTENT: MasonryContent = {
  label: 'News',
  noun: 'stories',
  filters: [
    { slug: 'news', label: 'News' },
    { slug: 'events', label: 'Events' },
  ],
  bricks: [
    { id: 'a', categories: ['events'], date: '2026-01-01', title: 'Bake sale' },
    { id: 'b', categories: ['news'], date: '2026-03-01', title: 'Anniversary' },
    { id: 'c', categories: ['news', 'events'], date: '2026-02-01', title: 'Cycle ride' },
    { id: 'd', categories: ['news'], date: '2026-04-01', title: 'Dinner' },
  ],
};
const SLOTS = Object.fromEntries(CONTENT.bricks.map((brick) => [`brick-${brick.id}`, <h2 className="news-card__title">{brick.title}</h2>]));
const SETTINGS = { more: true, items: 2 };
/** What the server has beyond the page: two pages of two (the second one short: no more after it). */
const later = (id: string, categories: string[], date: string, title: string): Brick => ({ id, categories, date, title, html: `<h2 class="news-card__title"><a href="/news/#${id}">${title}</a></h2>` });
const MORE = [later('e', ['events'], '2026-05-01', 'Easter walk'), later('f', ['news'], '2026-06-01', 'Fair'), later('g', ['news'], '2025-12-01', 'Gala')];
const ANSWERS: LoadMoreAnswer[][] = [[{ marker: true, bricks: MORE }], [{ marker: true, bricks: MORE.slice(2) }]];

/** The masonry island as the prerender writes it. */
const prerendered = () => renderToString(<Island widget={masonry} content={CONTENT} slots={SLOTS} settings={SETTINGS} hydrate="visible" />);

/** The machine after the grid was seen (`seen`), then the visitor's events, `ms` later (`loads`: the server's answers to more.load, in turn). */
async function reached(events: MasonryEvent[], { seen = true, ms = 0, loads = [] as LoadMoreAnswer[] } = {}) {
  const clock = createTestClock();
  const answers = [...loads];
  const machine = masonryMachine.provide({ actors: { loadMore: fromPromise<LoadMoreAnswer, LoadMoreRequest>(async () => answers.shift() ?? { marker: false, bricks: [] }) } });
  const actor = createActor(machine, { input: { bricks: CONTENT.bricks, items: 2, more: true, animation: 'standard', collection: 'news' }, clock }).start();
  if (seen) actor.send({ type: 'view.enter', reducedMotion: false });
  for (const event of events) {
    actor.send(event);
    if (event.type !== 'more.load') continue;
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await setImmediate();
  }
  clock.advanceBy(ms);
  return actor;
}

/** What the view renders for the actor's state, in the prerendered island (its slots read back from the markup, as on the client). */
function viewOf(actor: Awaited<ReturnType<typeof reached>>): string {
  const host = document.createElement('div');
  host.innerHTML = prerendered();
  const slots = readSlots(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement);
  const View = masonry.View;
  const html = renderToString(<View actorRef={actor} settings={masonry.settings.parse({ more: 'true', items: '2' })} content={CONTENT} slots={slots} />);
  return prerendered().replace(/<div class="masonry">[\s\S]*<\/div><\/div><script/, `${html}</div><script`);
}

/** A brick as the server's load-more answer writes it (server/masonry.tsx). */
const brickHtml = (brick: Brick) => serverBrick(brick, <h2 className="news-card__title"><a href={`/news/#${brick.id}`}>{brick.title}</a></h2>);

cleanUpAnsweringPages();

const filterButton = (label: string) => [...document.querySelectorAll<HTMLElement>('.masonry__filter')].find((button) => button.textContent?.startsWith(label)) as HTMLElement;
const pressed = () => [...document.querySelectorAll('.masonry__filter')].map((button) => button.getAttribute('aria-pressed'));
const shown = () => [...document.querySelectorAll<HTMLElement>('.masonry__brick')].filter((brick) => !brick.hidden).map((brick) => brick.textContent);
const select = () => document.querySelector('select') as HTMLSelectElement;

describe('the masonry behaviour draws what the view renders (issue 35, goal 2)', () => {
  const filter = (slug: string): MasonryEvent => ({ type: 'filter.select', filter: slug });
  const sort = (order: 'newest' | 'oldest' | 'title'): MasonryEvent => ({ type: 'sort.select', sort: order });
  const more: MasonryEvent = { type: 'more.load' };
  /** A load asked for: in its 150 ms wait, or (`request`) its request sent and not answered. */
  async function held(events: MasonryEvent[], request: boolean) {
    const clock = createTestClock();
    const machine = masonryMachine.provide({ actors: { loadMore: fromPromise<LoadMoreAnswer, LoadMoreRequest>(() => new Promise(() => undefined)) } });
    const actor = createActor(machine, { input: { bricks: CONTENT.bricks, items: 2, more: true, animation: 'standard', collection: 'news' }, clock }).start();
    actor.send({ type: 'view.enter', reducedMotion: false });
    for (const event of events) actor.send(event);
    clock.advanceBy(request ? LOAD_MORE_DELAY_MS + BRICK_STAGGER_MS * 4 : BRICK_STAGGER_MS);
    await setImmediate();
    return actor;
  }
  it.each([
    { name: 'before the grid is seen', events: [], seen: false, ms: 0 },
    { name: 'the reveal begun', events: [], seen: true, ms: 0 },
    { name: 'the reveal half way', events: [], seen: true, ms: BRICK_STAGGER_MS * 2 },
    { name: 'the reveal settled', events: [], seen: true, ms: BRICK_STAGGER_MS * 4 },
    { name: 'News chosen', events: [filter('news')], seen: true, ms: BRICK_STAGGER_MS * 4 },
    { name: 'Events chosen, mid-reveal', events: [filter('events')], seen: true, ms: BRICK_STAGGER_MS },
    { name: 'Events chosen before the grid is seen', events: [filter('events')], seen: false, ms: 0 },
    { name: 'oldest first', events: [sort('oldest')], seen: true, ms: BRICK_STAGGER_MS * 4 },
    { name: 'title A–Z, News chosen', events: [sort('title'), filter('news')], seen: true, ms: BRICK_STAGGER_MS * 4 },
    { name: 'Events, then All, oldest, then newest again', events: [filter('events'), filter('all'), sort('oldest'), sort('newest')], seen: true, ms: BRICK_STAGGER_MS * 4 },
    { name: 'more asked for, waiting', events: [more], seen: true, ms: 0, loads: [], hold: true },
    { name: 'more loading', events: [more], seen: true, ms: 0, loads: [], pending: true },
    { name: 'a page loaded, its bricks revealing', events: [more], seen: true, ms: BRICK_STAGGER_MS, loads: ANSWERS[0] },
    { name: 'a page loaded under Events, by title', events: [filter('events'), sort('title'), more], seen: true, ms: BRICK_STAGGER_MS * 8, loads: ANSWERS[0] },
    { name: 'the last page loaded: no more', events: [more, more], seen: true, ms: BRICK_STAGGER_MS * 8, loads: [...(ANSWERS[0] ?? []), ...(ANSWERS[1] ?? [])] },
    { name: 'nothing more to load: no more, nothing said', events: [more], seen: true, ms: BRICK_STAGGER_MS * 8, loads: [{ marker: false, bricks: [] }] },
  ])('$name: the same filters, order, bricks and texts as the view', async ({ events, seen, ms, loads, hold, pending }) => {
    const actor = hold || pending ? await held(events, Boolean(pending)) : await reached(events, { seen, ms, loads });
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawMasonry(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    const view = viewOf(actor);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(view));
    expect(islandText(host.innerHTML)).toBe(islandText(view));
    if (seen || events.length > 0) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });

  it('a state drawn twice, or drawn back, touches nothing more: the prerendered markup again', async () => {
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    const before = host.innerHTML;
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    drawMasonry(island, (await reached([{ type: 'sort.select', sort: 'title' }, { type: 'filter.select', filter: 'events' }], { seen: false })).getSnapshot(), CONTENT);
    drawMasonry(island, (await reached([], { seen: false })).getSnapshot(), CONTENT);
    drawMasonry(island, (await reached([], { seen: false })).getSnapshot(), CONTENT);
    expect(host.innerHTML).toBe(before);
  });
});

describe('the masonry answers a first tap without its view (issue 35, goal 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a filter tapped before the chunk arrives is acknowledged, then shows its bricks, pressed; an order chosen sorts them; the view never loads', async () => {
    vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
    const page = answeringPage(prerendered(), masonry, masonryBehaviour);
    const { island, view, clock, release, controller } = page;
    const events = filterButton('Events');
    events.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    events.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(pressed()).toEqual(['true', 'false', 'false']);
    expect(shown()).toEqual(['Dinner', 'Anniversary', 'Cycle ride', 'Bake sale']);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(pressed()).toEqual(['false', 'false', 'true']);
    expect(events.className).toBe('masonry__filter active_sort');
    expect(shown()).toEqual(['Cycle ride', 'Bake sale']);
    select().value = 'title';
    select().dispatchEvent(new Event('change', { bubbles: true }));
    expect(shown()).toEqual(['Bake sale', 'Cycle ride']);
    expect(select().querySelector('[selected]')?.getAttribute('value')).toBe('title');
    filterButton('All').click();
    expect(shown()).toEqual(['Anniversary', 'Bake sale', 'Cycle ride', 'Dinner']);
    expect(pressed()).toEqual(['true', 'false', 'false']);
    // The reveal runs as before, once the grid is seen.
    StubIntersectionObserver.last?.report(document.querySelector('.masonry__grid') as HTMLElement, true);
    clock.advanceBy(BRICK_STAGGER_MS * 4);
    expect(document.querySelectorAll('.masonry__brick.is-revealed')).toHaveLength(4);
    expect(view).not.toHaveBeenCalled();
  });

  it('a failed load (§8) hides the loader, says nothing, adds nothing and lets the visitor try again; the view never loads', async () => {
    const page = answeringPage(prerendered(), masonry, masonryBehaviour);
    const { view, clock, release, controller } = page;
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    release();
    await controller.activateAll();
    const button = document.querySelector<HTMLElement>('.masonry__load-more') as HTMLElement;
    button.click();
    expect(document.querySelector<HTMLElement>('.masonry__loader')?.hidden).toBe(false);
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'));
    expect([button.textContent, document.querySelector<HTMLElement>('.masonry__loader')?.hidden]).toEqual(['Load more stories', true]);
    expect(document.querySelector('.masonry__grid')?.getAttribute('aria-busy')).toBe('false');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('');
    expect(document.querySelectorAll('.masonry__brick')).toHaveLength(4);
    expect(view).not.toHaveBeenCalled();
  });

  it('asked for more from the focused button, it loads, shows and says them; the last load hands focus to the first new story; the view never loads', async () => {
    const page = answeringPage(prerendered(), masonry, masonryBehaviour);
    const { view, clock, release, controller } = page;
    const answers = [`${LOADED_MARKER}${MORE.map(brickHtml).join('')}`, `${LOADED_MARKER}${MORE.slice(2).map(brickHtml).join('')}`];
    const posted: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      posted.push(String(init?.body));
      return new Response(answers.shift() ?? '');
    });
    release();
    await controller.activateAll();
    filterButton('News').click();
    const button = () => document.querySelector<HTMLElement>('.masonry__load-more');
    button()?.focus();
    button()?.click();
    expect(document.querySelector('.masonry__grid')?.getAttribute('aria-busy')).toBe('true');
    expect([button()?.getAttribute('aria-disabled'), button()?.textContent]).toEqual(['true', 'Loading…']);
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await vi.waitFor(() => expect(document.querySelectorAll('.masonry__brick')).toHaveLength(6));
    expect(new URLSearchParams(posted[0]).getAll('loaded[]')).toEqual(['a', 'b', 'c', 'd']);
    expect(shown()).toEqual(['Fair', 'Dinner', 'Anniversary', 'Cycle ride']);
    expect(filterButton('News').textContent).toBe('News (4)');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('6 stories shown.');
    expect([button()?.getAttribute('aria-disabled'), button()?.textContent]).toEqual(['false', 'Load more stories']);
    expect(document.activeElement).toBe(button());
    button()?.click();
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await vi.waitFor(() => expect(document.querySelector('.masonry__no-more')?.textContent).toBe('No more stories'));
    expect(button()).toBeNull();
    expect(document.querySelector('[role="status"]')?.textContent).toBe('7 stories shown. No more stories.');
    expect(shown()).toEqual(['Fair', 'Dinner', 'Anniversary', 'Cycle ride', 'Gala']);
    expect(document.activeElement?.textContent).toBe('Gala');
    expect(document.activeElement?.tagName).toBe('A');
    expect(view).not.toHaveBeenCalled();
    // The inspector's hydrateAll: the view hydrates over what was drawn, React finding nothing to mend.
    const errors = vi.spyOn(console, 'error');
    const drawn = document.querySelector('.masonry')?.outerHTML;
    await controller.hydrateAll();
    expect(page.island.dataset.island).toBe('hydrated');
    expect(errors).not.toHaveBeenCalled();
    expect(document.querySelector('.masonry')?.outerHTML).toBe(drawn);
  });
});
