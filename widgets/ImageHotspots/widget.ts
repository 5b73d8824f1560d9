import { imageHotspotsMachine } from '../../machines/image-hotspots/image-hotspots.machine';
import { defineSettings } from '../../runtime/settings';
import { defineWidget } from '../../runtime/widget';
import { ImageHotspots, type ImageHotspotsContent } from './ImageHotspots';

export const imageHotspotsSettings = defineSettings('image-hotspots', {});

export default defineWidget({
  name: 'image-hotspots',
  settings: imageHotspotsSettings,
  machine: imageHotspotsMachine,
  input: (_s, content: ImageHotspotsContent) => ({ count: content.spots.length }),
  View: ImageHotspots,
});
