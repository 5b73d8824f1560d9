import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { countdownMachine } from '../../machines/countdown/countdown.machine';
import { unitLabel, type UnitLabels } from '../../machines/countdown/countdown.rules';
import { translate } from '../../runtime/translations';
import { countdownTranslations, unitLabelsOf, type CountdownTranslations } from './countdown.translations';

export interface CountdownContent {
  /** The timer's accessible name, e.g. "Time until the Lantern Walk". */
  label: string;
  /** The target in words, readable without JS. */
  when: string;
  /** Shown once the end has passed. */
  ended: string;
  /** Every unit's names at once (they win over `translations`). */
  labels?: UnitLabels;
  /** Labels in the page's language over the English defaults (countdown.translations.ts). */
  translations?: Partial<CountdownTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof countdownMachine>;
  content: CountdownContent;
}

/** §3, §4 Countdown: an ARIA timer (not live: a screen reader reads it when asked, not every second). */
export function Countdown({ actorRef, content }: Props) {
  const { units, left } = useSelector(actorRef, (s) => s.context);
  const state = useSelector(actorRef, (s) => s.value);
  useEffect(() => {
    actorRef.send({ type: 'countdown.start' });
  }, [actorRef]);
  const labels = content.labels ?? unitLabelsOf(translate(countdownTranslations, content.translations));
  return (
    <div className="countdown" data-state={state}>
      <p className="countdown__when">{content.when}</p>
      <div className="countdown__timer" role="timer" aria-label={content.label} hidden={state === 'idle' || state === 'ended'}>
        <ol className="countdown__units">
          {units.map((unit) => {
            const value = left[unit] ?? 0;
            return (
              <li key={unit} className="countdown__unit" data-unit={unit}>
                <span className="countdown__value">{value}</span> <span className="countdown__label">{unitLabel(unit, value, labels)}</span>
              </li>
            );
          })}
        </ol>
      </div>
      {state === 'ended' ? <p className="countdown__ended">{content.ended}</p> : null}
    </div>
  );
}
