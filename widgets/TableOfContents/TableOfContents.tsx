import { useSelector } from '@xstate/react';
import type { tableOfContentsMachine } from '../../machines/table-of-contents/table-of-contents.machine';
import type { TocEntry } from '../../machines/table-of-contents/table-of-contents.rules';
import type { WidgetViewProps } from '../../runtime/widget';
import { connectTableOfContents } from './table-of-contents.connect';
import type { tableOfContentsSettings } from './table-of-contents.settings';

type Props = WidgetViewProps<typeof tableOfContentsMachine, (typeof tableOfContentsSettings)['shape'], TableOfContentsContent>;

export interface TableOfContentsContent {
  title: string;
  /** The entries the build listed (issue 31): shown until the widget has read the page itself. */
  entries?: TocEntry[];
}

/** Table of contents (§1): a navigation list of the page's headings; the one in view is aria-current. */
export function TableOfContents({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectTableOfContents(snapshot, actorRef.send, content.entries);
  return (
    <nav className="toc" {...api.rootProps}>
      <h2 {...api.titleProps} className="toc__title toc-exclude">
        {content.title}
      </h2>
      <ol className="toc__list">
        {api.entries.map((entry) => (
          <li key={entry.id} className="toc__item" {...api.getItemProps(entry)}>
            <a {...api.getLinkProps(entry)}>{entry.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
