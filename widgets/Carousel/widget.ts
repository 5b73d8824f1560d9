import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Carousel } from './Carousel';

/** The carousel: its behaviour (which answers without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: Carousel });
