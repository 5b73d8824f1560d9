import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { ImageHotspots } from './ImageHotspots';

export { imageHotspotsSettings } from './behaviour';

/** The image hotspots: their behaviour (which answers without React, behaviour.ts) and their view. */
export default defineWidget({ ...behaviour, View: ImageHotspots });
