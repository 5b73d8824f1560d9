import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { countdownMachine } from '../../machines/countdown/countdown.machine';
import { connectCountdownContent, startCountdown, type CountdownContent } from './countdown.connect';

interface Props {
  actorRef: ActorRefFrom<typeof countdownMachine>;
  content: CountdownContent;
}

/** §3, §4 Countdown: an ARIA timer (not live: a screen reader reads it when asked, not every second). */
export function Countdown({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectCountdownContent(snapshot, content);
  // Started once mounted, so the prerendered page and the first hydrated render agree (the machine's idle state).
  useEffect(() => {
    actorRef.send(startCountdown);
  }, [actorRef]);
  return (
    <div className="countdown" {...api.rootProps}>
      <p className="countdown__when">{content.when}</p>
      <div className="countdown__timer" {...api.timerProps}>
        <ol className="countdown__units">
          {api.units.map(({ unit, value, label }) => (
            <li key={unit} className="countdown__unit" data-unit={unit}>
              <span className="countdown__value">{value}</span> <span className="countdown__label">{label}</span>
            </li>
          ))}
        </ol>
      </div>
      {api.ended ? <p className="countdown__ended">{content.ended}</p> : null}
    </div>
  );
}
