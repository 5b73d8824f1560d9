import type { Brick } from '../../machines/masonry/masonry.rules';

/**
 * Issue 31.13: the last load replaces the focused "Load more" button with "No more …", and focus
 * would fall to <body>. Once such a load is done and drawn, focus goes on to the first new story
 * shown (its link if it has one), where the reader goes on, or to the "No more" line when nothing new
 * shows. React-free: the view (Masonry.tsx) and the behaviour (behaviour.ts) both hand focus on so.
 * `before`: the ids of the bricks there when the load was asked for.
 */
export function focusAfterLastLoad(root: Element, before: ReadonlySet<string>, bricks: readonly Brick[], isHidden: (brick: Brick) => boolean) {
  const fresh = bricks.find((brick) => !before.has(brick.id) && !isHidden(brick));
  const story = fresh ? [...root.querySelectorAll<HTMLElement>('.masonry__brick[data-id]')].find((element) => element.dataset.id === fresh.id) : undefined;
  // A story without a link of its own takes focus itself (from script only: tabindex -1).
  if (story && !story.querySelector('a[href]')) story.tabIndex = -1;
  const target = story ? (story.querySelector<HTMLElement>('a[href]') ?? story) : root.querySelector<HTMLElement>('.masonry__no-more');
  target?.focus();
}
