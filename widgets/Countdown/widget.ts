import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Countdown } from './Countdown';

export { countdownSettings } from './behaviour';

/** The countdown: its behaviour (which ticks without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: Countdown });
