import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { iconCirclesMachine } from '../../machines/icon-circles/icon-circles.machine';
import { domId } from '../../runtime/ids';
import { useWaypoint } from '../../runtime/waypoint';

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
  const active = useSelector(actorRef, (s) => s.context.active);
  const state = useSelector(actorRef, (s) => s.value);
  const ref = useWaypoint<HTMLDivElement>((reducedMotion) => actorRef.send({ type: 'view.enter', reducedMotion }));
  const base = domId('circles', content.label);
  const count = content.items.length;
  return (
    <div ref={ref} className="icon-circles" data-state={state}>
      <ul className="icon-circles__ring" aria-label={content.label}>
        {content.items.map((item, index) => (
          <li key={item.title} className="icon-circles__item" style={{ '--angle': `${(360 / Math.max(1, count)) * index}deg`, '--index': index } as CSSProperties}>
            <button
              type="button"
              className="icon-circles__icon"
              aria-pressed={active === index}
              aria-controls={`${base}-detail-${index}`}
              onClick={() => actorRef.send({ type: 'item.activate', index })}
              onMouseEnter={() => actorRef.send({ type: 'item.activate', index })}
              onFocus={() => actorRef.send({ type: 'item.activate', index })}
            >
              <span aria-hidden="true">{item.icon}</span>
              <span className="icon-circles__title">{item.title}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="icon-circles__centre">
        {content.items.map((item, index) => (
          <div key={item.title} id={`${base}-detail-${index}`} className="icon-circles__detail" hidden={active !== null && active !== index}>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
