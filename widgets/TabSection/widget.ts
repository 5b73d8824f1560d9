import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { TabSection } from './TabSection';

export { HEIGHT_CHANGE_EVENT, START_ANIMATION_EVENT } from './tab-section.adapters';

/** The tab section: its behaviour (which answers input without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: TabSection });
