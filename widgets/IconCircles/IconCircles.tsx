import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { iconCirclesMachine } from '../../machines/icon-circles/icon-circles.machine';
import { useWaypoint } from '../../runtime/waypoint';
import { connectIconCircles } from './icon-circles.connect';

export interface IconCirclesContent {
  label: string;
  items: Array<{ icon: string; title: string; text: string }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof iconCirclesMachine>;
  content: IconCirclesContent;
}

/** §1 Icon circles: icons round a circle; the active one's text shows in the middle. */
export function IconCircles({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectIconCircles(snapshot, actorRef.send, content.label);
  const ref = useWaypoint<HTMLDivElement>(api.onEnter);
  const count = content.items.length;
  return (
    <div ref={ref} className="icon-circles" {...api.rootProps}>
      <ul className="icon-circles__ring" {...api.ringProps}>
        {content.items.map((item, index) => (
          <li key={item.title} className="icon-circles__item" style={{ '--angle': `${(360 / Math.max(1, count)) * index}deg`, '--index': index } as CSSProperties}>
            <button type="button" className="icon-circles__icon" {...api.getButtonProps(index)}>
              <span aria-hidden="true">{item.icon}</span>
              <span className="icon-circles__title">{item.title}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="icon-circles__centre">
        {content.items.map((item, index) => (
          <div key={item.title} {...api.getDetailProps(index)}>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
