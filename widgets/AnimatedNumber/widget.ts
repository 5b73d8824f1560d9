import { defineWidget } from '../../runtime/widget';
import { AnimatedNumber } from './AnimatedNumber';
import behaviour from './behaviour';

export { animatedNumberSettings } from './behaviour';

/** The animated number: its behaviour (which counts without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: AnimatedNumber });
