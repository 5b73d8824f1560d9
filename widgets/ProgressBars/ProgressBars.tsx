import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { progressBarsMachine } from '../../machines/progress-bars/progress-bars.machine';
import { domId } from '../../runtime/ids';
import { useWaypoint } from '../../runtime/waypoint';

export interface ProgressBarsContent {
  bars: Array<{ label: string; value: number; valueText: string }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof progressBarsMachine>;
  content: ProgressBarsContent;
}

/** §1, §9 Progress bars: each a progressbar; they fill 250 ms apart once in view. */
export function ProgressBars({ actorRef, content }: Props) {
  const revealed = useSelector(actorRef, (s) => s.context.revealed);
  const state = useSelector(actorRef, (s) => s.value);
  const ref = useWaypoint<HTMLDivElement>((reducedMotion) => actorRef.send({ type: 'view.enter', reducedMotion }));
  const base = domId('bars', content.bars[0]?.label ?? '');
  return (
    <div ref={ref} className="progress-bars" data-state={state}>
      {content.bars.map((bar, index) => {
        const value = Math.min(100, Math.max(0, bar.value));
        return (
          <div key={bar.label} className={index < revealed ? 'progress-bars__bar is-revealed' : 'progress-bars__bar'}>
            <div className="progress-bars__head">
              <span id={`${base}-${index}`}>{bar.label}</span>
              <span aria-hidden="true">{bar.valueText}</span>
            </div>
            <div
              className="progress-bars__track"
              role="progressbar"
              aria-labelledby={`${base}-${index}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={value}
              aria-valuetext={bar.valueText}
              style={{ '--value': `${value}%` } as CSSProperties}
            >
              <div className="progress-bars__fill" />
            </div>
          </div>
        );
      })}
    </div>
  );
}
