import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { ImageGallery } from './ImageGallery';

export default defineWidget({ ...behaviour, View: ImageGallery });
