import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { DosingFilter } from './DosingFilter';

/** The dosing filter: its behaviour (which answers typing without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: DosingFilter });
