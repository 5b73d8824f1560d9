import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { iconListMachine } from '../../machines/icon-list/icon-list.machine';
import { useWaypoint } from '../../runtime/waypoint';

export interface IconListContent {
  label: string;
  items: Array<{ icon: string; title: string; text: string }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof iconListMachine>;
  content: IconListContent;
}

/** §1, §9 Icon list: items appear 350 ms apart once the list is in view. */
export function IconList({ actorRef, content }: Props) {
  const revealed = useSelector(actorRef, (s) => s.context.revealed);
  const state = useSelector(actorRef, (s) => s.value);
  const ref = useWaypoint<HTMLUListElement>((reducedMotion) => actorRef.send({ type: 'view.enter', reducedMotion }));
  return (
    <ul ref={ref} className="icon-list" aria-label={content.label} data-state={state}>
      {content.items.map((item, index) => (
        <li key={item.title} className={index < revealed ? 'icon-list__item is-revealed' : 'icon-list__item'}>
          <span className="icon-list__icon" aria-hidden="true">
            {item.icon}
          </span>
          <div>
            <h3 className="icon-list__title">{item.title}</h3>
            <p>{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
