import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Toggles } from './Toggles';

/** The toggles: their behaviour (which answers input without React, behaviour.ts) and their view. */
export default defineWidget({ ...behaviour, View: Toggles });
