import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { animatedNumberMachine } from '../../machines/animated-number/animated-number.machine';
import { formatNumber } from '../../machines/animated-number/animated-number.rules';
import { useWaypoint } from '../../runtime/waypoint';
import type { SettingsOf } from '../../runtime/settings';
import type { animatedNumberSettings } from './widget';

export interface AnimatedNumberContent {
  /** What the number counts, e.g. "home visits this year". */
  label: string;
}

interface Props {
  actorRef: ActorRefFrom<typeof animatedNumberMachine>;
  settings: SettingsOf<typeof animatedNumberSettings.shape>;
  content: AnimatedNumberContent;
}

/** The counting digits are for the eye; assistive technology reads the final number once. */
export function AnimatedNumber({ actorRef, settings, content }: Props) {
  const value = useSelector(actorRef, (s) => s.context.value);
  const state = useSelector(actorRef, (s) => s.value);
  const ref = useWaypoint<HTMLParagraphElement>((reducedMotion) => actorRef.send({ type: 'view.enter', reducedMotion }));
  return (
    <p ref={ref} className="animated-number" data-state={state}>
      <span className="animated-number__value" aria-hidden="true">
        {formatNumber(value, settings.number_format)}
      </span>
      <span className="visually-hidden">{formatNumber(settings.number, settings.number_format)}</span>{' '}
      <span className="animated-number__label">{content.label}</span>
    </p>
  );
}
