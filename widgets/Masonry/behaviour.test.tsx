// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { BRICK_STAGGER_MS, masonryMachine, type MasonryEvent } from '../../machines/masonry/masonry.machine';
import { Island } from '../../runtime/render/Island';
import { readSlots } from '../../runtime/slots';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import { StubIntersectionObserver } from '../../tests/support/intersection-observer';
import masonryBehaviour, { drawMasonry } from './behaviour';
import type { MasonryContent } from './Masonry';
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

/** The masonry island as the prerender writes it. */
const prerendered = () => renderToString(<Island widget={masonry} content={CONTENT} slots={SLOTS} settings={SETTINGS} hydrate="visible" />);

/** The machine after the grid was seen (`seen`), then the visitor's events, `ms` later. */
function reached(events: MasonryEvent[], { seen = true, ms = 0 } = {}) {
  const clock = createTestClock();
  const actor = createActor(masonryMachine, { input: { bricks: CONTENT.bricks, items: 2, more: true, animation: 'standard', collection: 'news' }, clock }).start();
  if (seen) actor.send({ type: 'view.enter', reducedMotion: false });
  for (const event of events) actor.send(event);
  clock.advanceBy(ms);
  return actor;
}

/** What the view renders for the actor's state, in the prerendered island (its slots read back from the markup, as on the client). */
function viewOf(actor: ReturnType<typeof reached>): string {
  const host = document.createElement('div');
  host.innerHTML = prerendered();
  const slots = readSlots(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement);
  const View = masonry.View;
  const html = renderToString(<View actorRef={actor} settings={masonry.settings.parse({ more: 'true', items: '2' })} content={CONTENT} slots={slots} />);
  return prerendered().replace(/<div class="masonry">[\s\S]*<\/div><\/div><script/, `${html}</div><script`);
}

cleanUpAnsweringPages();

const filterButton = (label: string) => [...document.querySelectorAll<HTMLElement>('.masonry__filter')].find((button) => button.textContent?.startsWith(label)) as HTMLElement;
const pressed = () => [...document.querySelectorAll('.masonry__filter')].map((button) => button.getAttribute('aria-pressed'));
const shown = () => [...document.querySelectorAll<HTMLElement>('.masonry__brick')].filter((brick) => !brick.hidden).map((brick) => brick.textContent);
const select = () => document.querySelector('select') as HTMLSelectElement;

describe('the masonry behaviour draws what the view renders (issue 35, goal 2)', () => {
  const filter = (slug: string): MasonryEvent => ({ type: 'filter.select', filter: slug });
  const sort = (order: 'newest' | 'oldest' | 'title'): MasonryEvent => ({ type: 'sort.select', sort: order });
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
  ])('$name: the same filters, order, bricks and texts as the view', ({ events, seen, ms }) => {
    const actor = reached(events, { seen, ms });
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawMasonry(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    const view = viewOf(actor);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(view));
    expect(islandText(host.innerHTML)).toBe(islandText(view));
    if (seen || events.length > 0) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });

  it('a state drawn twice, or drawn back, touches nothing more: the prerendered markup again', () => {
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    const before = host.innerHTML;
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    drawMasonry(island, reached([{ type: 'sort.select', sort: 'title' }, { type: 'filter.select', filter: 'events' }], { seen: false }).getSnapshot(), CONTENT);
    drawMasonry(island, reached([], { seen: false }).getSnapshot(), CONTENT);
    drawMasonry(island, reached([], { seen: false }).getSnapshot(), CONTENT);
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

  it('asking for more bricks is the view’s: it loads then, over the filter and order drawn', async () => {
    const page = answeringPage(prerendered(), masonry, masonryBehaviour);
    const { island, view, release, controller } = page;
    release();
    await controller.activateAll();
    filterButton('News').click();
    expect(view).not.toHaveBeenCalled();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(''));
    (document.querySelector('.masonry__load-more') as HTMLElement).click();
    expect(view).toHaveBeenCalledTimes(1);
    await controller.settled();
    expect(island.dataset.island).toBe('hydrated');
    expect(pressed()).toEqual(['false', 'true', 'false']);
  });
});
