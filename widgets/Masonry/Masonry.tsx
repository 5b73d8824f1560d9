import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { START_WAYPOINT, type masonryMachine } from '../../machines/masonry/masonry.machine';
import { ALL_FILTER, filterCounts, matchesFilter, SORTS, sortBricks, type Brick, type MasonrySort } from '../../machines/masonry/masonry.rules';
import { Slot, type Slots } from '../../runtime/slots';
import { format, translate } from '../../runtime/translations';
import { useWaypoint } from '../../runtime/waypoint';
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
 * and the load-more button with its loading and no-more-items states.
 */
export function Masonry({ actorRef, content, slots }: Props) {
  const { bricks, pending, filter, sort, loading } = useSelector(actorRef, (s) => s.context);
  const exhausted = useSelector(actorRef, (s) => s.matches({ loader: 'exhausted' }));
  const ref = useWaypoint<HTMLDivElement>((reducedMotion) => actorRef.send({ type: 'view.enter', reducedMotion }), START_WAYPOINT);
  const t = translate(masonryTranslations, content.translations);
  const filters = [{ slug: ALL_FILTER, label: t.all }, ...content.filters];
  const counts = filterCounts(bricks, filters.map((f) => f.slug));
  const ordered = sortBricks(bricks, sort);
  const loadedMore = bricks.length - content.bricks.length;
  return (
    <div className="masonry">
      <div className="masonry__controls">
        <div className="masonry__filters" role="group" aria-label={format(t.filters, { label: content.label.toLowerCase() })}>
          {filters.map((f) => (
            <button
              key={f.slug}
              type="button"
              className={f.slug === filter ? 'masonry__filter active_sort' : 'masonry__filter'}
              aria-pressed={f.slug === filter}
              onClick={() => actorRef.send({ type: 'filter.select', filter: f.slug })}
            >
              {f.label} <span className="masonry__count">({counts[f.slug] ?? 0})</span>
            </button>
          ))}
        </div>
        <label className="masonry__sort">
          {t.order}{' '}
          <select value={sort} onChange={(event) => actorRef.send({ type: 'sort.select', sort: event.target.value as MasonrySort })}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div ref={ref} className="masonry__grid" aria-busy={loading}>
        {ordered.map((brick) => (
          <article
            key={brick.id}
            className={pending.includes(brick.id) ? 'masonry__brick' : 'masonry__brick is-revealed'}
            data-id={brick.id}
            hidden={!matchesFilter(brick, filter)}
          >
            {brick.html === undefined ? (
              <Slot name={`brick-${brick.id}`} slots={slots} />
            ) : (
              <div dangerouslySetInnerHTML={{ __html: brick.html }} />
            )}
          </article>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {loadedMore > 0 ? format(t.shown, { count: bricks.length, noun: content.noun }) : ''}
        {exhausted && loadedMore > 0 ? format(t.noMoreStatus, { noun: content.noun }) : ''}
      </p>
      <div className="masonry__more">
        {exhausted ? (
          <p className="masonry__no-more">
            {`${t.noMore} `}
            {content.noun}
          </p>
        ) : (
          <button
            type="button"
            className="button masonry__load-more"
            aria-disabled={loading}
            onClick={() => actorRef.send({ type: 'more.load' })}
          >
            {loading ? t.loading : format(t.loadMore, { noun: content.noun })}
          </button>
        )}
        <span className="masonry__loader" hidden={!loading} aria-hidden="true" />
      </div>
    </div>
  );
}
