import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { magazineTabsMachine } from '../../machines/magazine-tabs/magazine-tabs.machine';
import { translate } from '../../runtime/translations';
import { connectMagazineTabs } from './magazine-tabs.connect';
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
 * with no entries gets no button. With JS off the buttons are hidden and every entry shows. Its ARIA,
 * status text and clicks are magazine-tabs.connect.ts.
 */
export function MagazineTabs({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectMagazineTabs(snapshot, actorRef.send, translate(magazineTabsTranslations, content.translations), content);
  return (
    <div className="sc-magazine">
      <div className="sc-magazine__sort" {...api.groupProps}>
        {api.buttons.map((button) => (
          <button key={button.id} type="button" className="sc-magazine__button" {...api.getButtonProps(button.id)}>
            {button.label}
          </button>
        ))}
      </div>
      <p className="visually-hidden" {...api.statusProps}>
        {api.statusText}
      </p>
      <ul className="sc-magazine__entries" {...api.entriesProps}>
        {content.entries.map((entry, index) => (
          // Entries may share a link (four point at /#services): the position is what is unique.
          <li key={`${String(index)}-${entry.href}`} className="sc-magazine__entry" {...api.getEntryProps(entry.groups)}>
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
