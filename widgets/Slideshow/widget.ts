import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Slideshow } from './Slideshow';

/** The slideshow: its behaviour (which answers without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: Slideshow });
