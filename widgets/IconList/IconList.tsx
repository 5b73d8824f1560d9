import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { iconListMachine } from '../../machines/icon-list/icon-list.machine';
import { useWaypoint } from '../../runtime/waypoint';
import { connectIconList } from './icon-list.connect';

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
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectIconList(snapshot, actorRef.send, content.label);
  const ref = useWaypoint<HTMLUListElement>(api.onEnter);
  return (
    <ul ref={ref} className="icon-list" {...api.rootProps}>
      {content.items.map((item, index) => (
        <li key={item.title} {...api.getItemProps(index)}>
          <span className="icon-list__icon" {...api.iconProps}>
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
