import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { TabsView } from './Tabs';

/** The tabs: their behaviour (which answers input without React, behaviour.ts) and their view. */
export default defineWidget({ ...behaviour, View: TabsView });
