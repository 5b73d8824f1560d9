import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { TextRotator } from './TextRotator';

export { textRotatorSettings } from './behaviour';

export default defineWidget({ ...behaviour, View: TextRotator });
