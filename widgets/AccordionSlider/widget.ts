import { defineWidget } from '../../runtime/widget';
import { AccordionSlider } from './AccordionSlider';
import behaviour from './behaviour';

/** The accordion slider: its behaviour (behaviour.ts, which answers input without React) and its view. */
export default defineWidget({ ...behaviour, View: AccordionSlider });
