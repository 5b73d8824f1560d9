import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { progressBarsMachine } from '../../machines/progress-bars/progress-bars.machine';
import { useWaypoint } from '../../runtime/waypoint';
import { connectProgressBars, type ProgressBar } from './progress-bars.connect';

export interface ProgressBarsContent {
  bars: ProgressBar[];
}

interface Props {
  actorRef: ActorRefFrom<typeof progressBarsMachine>;
  content: ProgressBarsContent;
}

/** §1, §9 Progress bars: each a progressbar; they fill 250 ms apart once in view. */
export function ProgressBars({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectProgressBars(snapshot, actorRef.send, content.bars);
  const ref = useWaypoint<HTMLDivElement>(api.onEnter);
  return (
    <div ref={ref} className="progress-bars" {...api.rootProps}>
      {content.bars.map((bar, index) => (
        <div key={bar.label} {...api.getBarProps(index)}>
          <div className="progress-bars__head">
            <span {...api.getLabelProps(index)}>{bar.label}</span>
            <span {...api.valueTextProps}>{bar.valueText}</span>
          </div>
          <div className="progress-bars__track" {...api.getTrackProps(index)} style={api.getTrackStyle(index) as CSSProperties}>
            <div className="progress-bars__fill" />
          </div>
        </div>
      ))}
    </div>
  );
}
