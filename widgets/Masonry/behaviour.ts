import { fromPromise } from 'xstate';
import { START_WAYPOINT, masonryMachine, type LoadMoreAnswer, type MasonryAnimation } from '../../machines/masonry/masonry.machine';
import { htmlAfterMarker, requestFields, type Brick, type LoadMoreRequest } from '../../machines/masonry/masonry.rules';
import { FLAG } from '../../runtime/device';
import { defineSettings, setting } from '../../runtime/settings';
import { defineBehaviour } from '../../runtime/widget';
import { watchWaypoint } from '../../runtime/waypoint-watch';
import type { MasonryContent } from './Masonry';

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

/**
 * The masonry without its view: the first bricks' reveal (§9) runs when the grid is seen, drawn on
 * the prerendered bricks by `bind`; React and the view load when the visitor filters, sorts or asks
 * for more (issue 14).
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
  // The view's waypoint (Masonry.tsx), on the prerendered grid.
  connect: (element, actor) => {
    const grid = element.querySelector('.masonry__grid');
    return grid ? watchWaypoint(grid, (reducedMotion) => actor.send({ type: 'view.enter', reducedMotion }), START_WAYPOINT) : () => undefined;
  },
  // The same class the view draws, so the view takes over without a change.
  bind: (element, snapshot) => {
    element.querySelectorAll<HTMLElement>('.masonry__brick[data-id]').forEach((brick) => {
      brick.classList.toggle('is-revealed', !snapshot.context.pending.includes(brick.dataset.id ?? ''));
    });
  },
  viewNeeded: (now, prerendered) =>
    now.context.bricks.length !== prerendered.context.bricks.length ||
    now.context.filter !== prerendered.context.filter ||
    now.context.sort !== prerendered.context.sort ||
    now.context.loading,
});
