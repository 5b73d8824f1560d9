import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { LayoutTabs } from './LayoutTabs';

/** Layout tabs share the tabs machine (§4 Tabs rules); only the dots are their own. Their behaviour answers input without React (behaviour.ts). */
export default defineWidget({ ...behaviour, View: LayoutTabs });
