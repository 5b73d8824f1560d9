import { useSelector } from '@xstate/react';
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { START_WAYPOINT, type masonryMachine } from '../../machines/masonry/masonry.machine';
import type { Brick } from '../../machines/masonry/masonry.rules';
import { Slot, type Slots } from '../../runtime/slots';
import { translate } from '../../runtime/translations';
import { useWaypoint } from '../../runtime/waypoint';
import { focusAfterLastLoad } from './focus-after-load';
import { connectMasonry } from './masonry.connect';
import { masonryTranslations, type MasonryTranslations } from './masonry.translations';

export interface MasonryContent {
  /** The grid's name, e.g. "News". */
  label: string;
  /** What the items are called in the buttons and messages, e.g. "stories". */
  noun: string;
  filters: Array<{ slug: string; label: string }>;
  /** The bricks on the page; each one's markup is the slot `brick-<id>`. */
  bricks: Brick[];
  /** Labels in the page's language over the English defaults (masonry.translations.ts). */
  translations?: Partial<MasonryTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof masonryMachine>;
  content: MasonryContent;
  slots: Slots;
}

/**
 * §1, §4, §7 Masonry grid: filter buttons (the active one pressed), an order select, the bricks,
 * and the load-more button with its loading and no-more-items states. Its ARIA, status texts and
 * handlers are masonry.connect.ts.
 */
export function Masonry({ actorRef, content, slots }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const t = translate(masonryTranslations, content.translations);
  const api = connectMasonry(snapshot, actorRef.send, t, content);
  const ref = useWaypoint<HTMLDivElement>(api.onViewEnter, START_WAYPOINT);
  const root = useRef<HTMLDivElement>(null);
  const focusAfterLoad = useFocusAfterLastLoad(root, api, snapshot.context.loading);
  return (
    <div className="masonry" ref={root}>
      <div className="masonry__controls">
        <div className="masonry__filters" {...api.filterGroupProps}>
          {api.filters.map((f) => (
            <button
              key={f.slug}
              type="button"
              className={api.filterClassName(f.slug)}
              {...api.getFilterProps(f.slug)}
            >
              {f.label} <span className="masonry__count">({f.count})</span>
            </button>
          ))}
        </div>
        <label className="masonry__sort">
          {t.order}{' '}
          <select {...api.sortProps}>
            {api.sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div ref={ref} className="masonry__grid" {...api.gridProps}>
        {api.bricks.map((brick) => (
          // Issue 31.24: before hydration the behaviour (behaviour.ts bind) owns this class and may have
          // revealed the brick; the view takes the class over on its next render.
          <article key={brick.id} suppressHydrationWarning className={api.brickClassName(brick.id)} {...api.getBrickProps(brick)}>
            {brick.html === undefined ? (
              <Slot name={`brick-${brick.id}`} slots={slots} />
            ) : (
              <div dangerouslySetInnerHTML={{ __html: brick.html }} />
            )}
          </article>
        ))}
      </div>
      <p className="visually-hidden" {...api.statusProps}>
        {api.status.shown}
        {api.status.noMore}
      </p>
      <div className="masonry__more">
        {api.exhausted ? (
          <p className="masonry__no-more" tabIndex={-1}>
            {api.noMoreText.lead}
            {api.noMoreText.noun}
          </p>
        ) : (
          <button type="button" className="button masonry__load-more" {...api.loadMoreProps} onClick={focusAfterLoad}>
            {api.loadMoreText}
          </button>
        )}
        <span className="masonry__loader" {...api.loaderProps} />
      </div>
    </div>
  );
}

/**
 * Issue 31.13: a load started from the focused "Load more" button that turns out to be the last hands
 * focus on, once it is done and the button gone (focus-after-load.ts). Returns the button's click handler.
 */
function useFocusAfterLastLoad(root: RefObject<HTMLDivElement | null>, api: ReturnType<typeof connectMasonry>, loading: boolean) {
  const shownBefore = useRef<ReadonlySet<string> | null>(null);
  const { exhausted, bricks } = api;
  useEffect(() => {
    const before = shownBefore.current;
    if (!before || loading) return;
    shownBefore.current = null;
    if (exhausted && root.current) focusAfterLastLoad(root.current, before, bricks, (brick) => api.getBrickProps(brick).hidden);
  }, [exhausted, loading, bricks, api, root]);
  return (event: MouseEvent<HTMLButtonElement>) => {
    shownBefore.current = event.currentTarget === document.activeElement ? new Set(bricks.map((brick) => brick.id)) : null;
    api.loadMoreProps.onClick();
  };
}

