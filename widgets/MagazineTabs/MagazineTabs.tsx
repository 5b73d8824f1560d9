import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { magazineTabsMachine } from '../../machines/magazine-tabs/magazine-tabs.machine';
import { ALL_GROUP, entryShows, visibleGroups } from '../../machines/magazine-tabs/magazine-tabs.rules';
import { format, translate } from '../../runtime/translations';
import { magazineTabsTranslations, type MagazineTabsTranslations } from './magazine-tabs.translations';

export interface MagazineEntry {
  title: string;
  href: string;
  /** ISO date, shown as written in `dateLabel`. */
  date: string;
  dateLabel: string;
  summary: string;
  groups: string[];
}

export interface MagazineContent {
  label: string;
  allLabel: string;
  groups: Array<{ id: string; label: string }>;
  entries: MagazineEntry[];
  /** Labels in the page's language over the English defaults (magazine-tabs.translations.ts). */
  translations?: Partial<MagazineTabsTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof magazineTabsMachine>;
  content: MagazineContent;
}

/**
 * §4 Magazine tabs: sort buttons (pressed = the group shown) over a list of entries. §5: a group
 * with no entries gets no button. With JS off the buttons are hidden and every entry shows.
 */
export function MagazineTabs({ actorRef, content }: Props) {
  const active = useSelector(actorRef, (s) => s.context.active);
  const animating = useSelector(actorRef, (s) => s.matches('animating'));
  const counts = useSelector(actorRef, (s) => s.context.groups);
  const shownIds = new Set(visibleGroups(counts).map((group) => group.id));
  const buttons = [{ id: ALL_GROUP, label: content.allLabel }, ...content.groups.filter((group) => shownIds.has(group.id))];
  const shown = content.entries.filter((entry) => entryShows(entry.groups, active));
  const t = translate(magazineTabsTranslations, content.translations);
  const activeLabel = buttons.find((button) => button.id === active)?.label ?? content.allLabel;
  return (
    <div className="sc-magazine">
      <div className="sc-magazine__sort" role="group" aria-label={content.label}>
        {buttons.map((button) => (
          <button
            key={button.id}
            type="button"
            className="sc-magazine__button"
            aria-pressed={button.id === active}
            onClick={() => actorRef.send({ type: 'sort.select', group: button.id })}
          >
            {button.label}
          </button>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {active === ALL_GROUP ? '' : format(t.shown, { count: shown.length, group: activeLabel })}
      </p>
      <ul className="sc-magazine__entries" data-state={animating ? 'animating' : undefined}>
        {content.entries.map((entry) => (
          <li key={entry.href} className="sc-magazine__entry" hidden={!entryShows(entry.groups, active)}>
            <a href={entry.href} className="sc-magazine__title">
              {entry.title}
            </a>
            <time dateTime={entry.date} className="sc-magazine__date">
              {entry.dateLabel}
            </time>
            <p>{entry.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
