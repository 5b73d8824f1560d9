import { useSelector } from '@xstate/react';
import type { tableOfContentsMachine } from '../../machines/table-of-contents/table-of-contents.machine';
import type { WidgetViewProps } from '../../runtime/widget';
import type { tableOfContentsSettings } from './table-of-contents.settings';

type Props = WidgetViewProps<typeof tableOfContentsMachine, (typeof tableOfContentsSettings)['shape'], { title: string }>;

/** Table of contents (§1): a navigation list of the page's headings; the one in view is aria-current. */
export function TableOfContents({ actorRef, content }: Props) {
  const entries = useSelector(actorRef, (s) => s.context.entries);
  const active = useSelector(actorRef, (s) => s.context.active);
  const listed = useSelector(actorRef, (s) => s.matches('listed'));
  const top = entries.reduce((min, e) => Math.min(min, e.level), 6);
  return (
    <nav className="toc" aria-labelledby="toc-title" hidden={!listed}>
      <h2 id="toc-title" className="toc__title toc-exclude">
        {content.title}
      </h2>
      <ol className="toc__list">
        {entries.map((entry) => (
          <li key={entry.id} className="toc__item" style={{ marginInlineStart: `${(entry.level - top) * 1}rem` }}>
            <a href={`#${entry.id}`} aria-current={entry.id === active ? 'location' : undefined} onClick={() => actorRef.send({ type: 'entry.follow', id: entry.id })}>
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
