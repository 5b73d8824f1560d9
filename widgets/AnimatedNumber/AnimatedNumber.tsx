import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { animatedNumberMachine } from '../../machines/animated-number/animated-number.machine';
import { useWaypoint } from '../../runtime/waypoint';
import type { SettingsOf } from '../../runtime/settings';
import { connectAnimatedNumber } from './animated-number.connect';
import type { AnimatedNumberContent, animatedNumberSettings } from './behaviour';

interface Props {
  actorRef: ActorRefFrom<typeof animatedNumberMachine>;
  settings: SettingsOf<typeof animatedNumberSettings.shape>;
  content: AnimatedNumberContent;
}

/** The counting digits are for the eye; assistive technology reads the final number once. */
export function AnimatedNumber({ actorRef, settings, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectAnimatedNumber(snapshot, actorRef.send, settings.number_format);
  const ref = useWaypoint<HTMLParagraphElement>(api.onEnter);
  return (
    <p ref={ref} className="animated-number" {...api.rootProps}>
      <span className="animated-number__value" {...api.countingProps}>
        {api.shown}
      </span>
      <span className="visually-hidden">{api.spoken}</span>{' '}
      <span className="animated-number__label">{content.label}</span>
    </p>
  );
}
