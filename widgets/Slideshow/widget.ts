import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Slideshow } from './Slideshow';

export default defineWidget({ ...behaviour, View: Slideshow });
