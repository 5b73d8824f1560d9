import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { IconList } from './IconList';

export { iconListSettings } from './behaviour';

/** The icon list: its behaviour (which reveals the items without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: IconList });
