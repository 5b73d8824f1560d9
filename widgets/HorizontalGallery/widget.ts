import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { HorizontalGallery } from './HorizontalGallery';

/** The horizontal gallery: its behaviour (behaviour.ts), which answers input itself, and its view. */
export default defineWidget({ ...behaviour, View: HorizontalGallery });
